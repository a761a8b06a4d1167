import Foundation
import Testing
@testable import PhotoPagerBase

@Suite("Manifest errors name the photo and the field")
struct ManifestErrorTests {
    /// A broken photo 2 (of 3), and the message the user must see.
    struct BrokenCase: CustomTestStringConvertible, Sendable {
        let message: String
        let edit: @Sendable (inout [String: Any]) -> Void
        var testDescription: String { message }
    }

    static let brokenCases: [BrokenCase] = [
        .init(message: #"photo 2: missing field "id""#) { $0["id"] = nil },
        .init(message: #"photo 2: field "id": must not be empty"#) { $0["id"] = "" },
        .init(message: #"photo 2: field "id" should be a string"#) { $0["id"] = 42 },
        .init(message: #"photo 2: missing field "width""#) { $0["width"] = nil },
        .init(message: #"photo 2: field "width" is null"#) { $0["width"] = NSNull() },
        .init(message: #"photo 2: field "width" should be a whole number"#) { $0["width"] = "wide" },
        .init(message: #"photo 2: field "height": expected a whole number, found 1.5"#) { $0["height"] = 1.5 },
        .init(message: #"photo 2: field "height": must be at least 0, found -3"#) { $0["height"] = -3 },
        .init(message: #"photo 2: missing field "urls""#) { $0["urls"] = nil },
        .init(message: #"photo 2: field "urls" should be an object"#) { $0["urls"] = "https://x" },
        .init(message: #"photo 2: field "urls": needs at least one of raw, full, regular, small, thumb"#) {
            $0["urls"] = ["raw": "", "thumb": NSNull()]
        },
        .init(message: #"photo 2: field "urls.small" should be a string"#) { $0["urls"] = ["small": 5] },
        .init(message: #"photo 2: missing field "user""#) { $0["user"] = nil },
        .init(message: #"photo 2: field "user" is null"#) { $0["user"] = NSNull() },
        .init(message: #"photo 2: field "user.name" should be a string"#) { $0["user"] = ["name": ["first": "A"]] },
        .init(message: #"photo 2: field "likes" should be a whole number"#) { $0["likes"] = "many" },
        .init(message: #"photo 2: field "exif.aperture" should be a string or a number"#) {
            $0["exif"] = ["aperture": true]
        },
        .init(message: #"photo 2: field "links.html" should be a string"#) { $0["links"] = ["html": [1]] },
        .init(message: #"photo 2: field "location" should be an object"#) { $0["location"] = "Montreal" },
    ]

    @Test("a broken required or ill-typed field", arguments: brokenCases)
    func brokenField(_ broken: BrokenCase) {
        let data = PhotoJSON.manifest(count: 3, editing: 2, broken.edit)
        #expect(throws: ManifestError.self) { try ManifestDecoder.photos(from: data) }
        do {
            _ = try ManifestDecoder.photos(from: data)
        } catch {
            #expect(error.description == broken.message)
        }
    }

    @Test("the error is structured too, and counts from 1 inside a search reply")
    func structuredInSearchReply() throws {
        var bad = PhotoJSON.minimal()
        bad["width"] = nil
        let reply: [String: Any] = ["total": 2, "total_pages": 1, "results": [PhotoJSON.minimal(), bad]]
        let data = try JSONSerialization.data(withJSONObject: reply)
        #expect(throws: ManifestError.invalidPhoto(number: 2, field: "width", problem: .missing)) {
            try ManifestDecoder.photos(from: data)
        }
    }

    @Test("the first photo is photo 1")
    func firstPhotoIsOne() {
        let data = PhotoJSON.manifest(count: 1, editing: 1) { $0["width"] = nil }
        #expect(throws: ManifestError.invalidPhoto(number: 1, field: "width", problem: .missing)) {
            try ManifestDecoder.photos(from: data)
        }
    }

    @Test("an entry that is not an object")
    func entryNotAnObject() {
        #expect(throws: ManifestError.invalidPhoto(number: 2, field: "", problem: .wrongType(expected: "an object"))) {
            try ManifestDecoder.photos(from: Data(#"[{"id":"a","width":1,"height":1,"urls":{"raw":"r"},"user":{"name":"n"}}, 7]"#.utf8))
        }
        #expect(throws: ManifestError.invalidPhoto(number: 1, field: "", problem: .null)) {
            try ManifestDecoder.photos(from: Data("[null]".utf8))
        }
    }

    @Test("invalid JSON says so, with the parser's position", arguments: ["", "nope", #"[{"id": tru}]"#, "[1, 2"])
    func invalidJSON(_ text: String) {
        do {
            _ = try ManifestDecoder.photos(from: Data(text.utf8))
            Issue.record("decoded \(text.debugDescription)")
        } catch {
            guard case .invalidJSON(let detail) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(error.description.hasPrefix("manifest is not valid JSON: "))
            #expect(!detail.isEmpty)
        }
    }

    @Test func aSinglePhotoObjectIsAManifestOfOne() throws {
        let one = #"{"id": "a", "width": 3, "height": 2, "urls": {"raw": "https://images.unsplash.com/x"}, "user": {"name": "N"}}"#
        #expect(try ManifestDecoder.photos(from: Data(one.utf8)).map(\.id) == ["a"])
        #expect(throws: ManifestError.self) { try ManifestDecoder.photos(from: Data(#"{"id": "a", "width": 1}"#.utf8)) }
    }

    @Test("a wrong top level says what was found", arguments: [
        (#"{"total": 0}"#, "an object without \"results\""),
        (#"{"results": {"id": "a"}}"#, "an object whose \"results\" is not an array"),
        ("42", "a number"),
        (#""photos.json""#, "a string"),
        ("null", "null"),
        ("true", "true or false"),
    ])
    func wrongTopLevel(text: String, found: String) {
        #expect(throws: ManifestError.unexpectedTopLevel(found: found)) {
            try ManifestDecoder.photos(from: Data(text.utf8))
        }
        #expect(ManifestError.unexpectedTopLevel(found: found).description ==
            "manifest must be a JSON array of photos, a search reply with \"results\" or one photo object; found \(found)")
    }
}
