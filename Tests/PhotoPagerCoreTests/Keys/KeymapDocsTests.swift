import Foundation
import Testing
@testable import PhotoPagerCore

/// The README and the man page hold the key map exactly as the table prints it. After a change
/// to `Keymap`, `PHOTOPAGER_WRITE_DOCS=1 swift test --filter KeymapDocsTests` writes the new
/// text between the markers (golden files, as bubbles' help tests keep theirs).
@Suite("Keymap: the manuals hold the table")
struct KeymapDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The text between the line holding `start` and the line holding `end`; with
    /// PHOTOPAGER_WRITE_DOCS=1 it is first replaced by `wanted`.
    static func section(of file: String, from start: String, to end: String, wanted: String) throws -> String {
        let url = root.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.contains(start) }, "\(file) has no \(start) marker")
        let last = try #require(lines[first...].firstIndex { $0.contains(end) }, "\(file) has no \(end) marker")
        if ProcessInfo.processInfo.environment["PHOTOPAGER_WRITE_DOCS"] == "1" {
            lines.replaceSubrange((first + 1) ..< last, with: [wanted])
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return wanted
        }
        return lines[(first + 1) ..< last].joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    @Test func theReadmeHasTheTable() throws {
        let section = try Self.section(of: "README.md", from: "<!-- keys:", to: "<!-- /keys -->", wanted: Keymap.markdown)
        #expect(section == Keymap.markdown, "README.md should hold:\n\(Keymap.markdown)")
    }

    @Test func theManPageHasTheTable() throws {
        let section = try Self.section(of: "Resources/photopager.1", from: ".\\\" keys:", to: ".\\\" /keys",
                                       wanted: Keymap.roff)
        #expect(section == Keymap.roff, "photopager.1 should hold:\n\(Keymap.roff)")
    }
}
