import Foundation
@testable import Immich
import Testing
import TestSupport

/// Immich replies read leniently: real ones recorded from older servers (1.82–2.5, in
/// `../shared/conformance/immich/replies`) and v3-shaped ones with nulls and other types.
@Suite struct ImmichDecodingTests {
    @Test func aRecordedSearchPageReads() throws {
        let page = try ImmichSearchPage.parse(try ImmichFixture.recorded("immich-go__search_metadata"))
        #expect(page.assets.map(\.id) == ["90f33f69-4bc1-4ec4-b683-7c3f30ea6e57", "d6f5a992-b3ce-42c3-bd0f-6d8785d164da"])
        #expect(page.next == .page(2) && page.total == 2)
        let first = page.assets[0]
        #expect(first.kind == .image && first.width == 1200 && first.height == 1600)        // from exifImageWidth/Height (v1.95 has no width)
        #expect(first.durationMilliseconds == 0)                                           // "0:00:00.00000"
        #expect(first.thumbHash == "4SgGDQKzh2+Id3iYeIiYeH9s+cmW")
        #expect(first.originalFileName == "IMG-20240226-WA0000")
        #expect(first.exif?.dateTimeOriginal == "2024-02-26T17:08:30.000Z" && first.exif?.make == nil)
    }

    /// 18 assets of a 1.82 server's list, videos among them, full EXIF: every one reads.
    @Test func aRecordedAssetListReads() throws {
        let assets = try JSONDecoder().decode([Lenient<ImmichAsset>].self, from: try ImmichFixture.recorded("immich-go__assets_list"))
            .compactMap(\.value)
        #expect(assets.count == 18)
        #expect(assets.contains { $0.kind == .video && $0.durationMilliseconds == 3013 })      // "00:00:03.013"
        #expect(assets.contains { $0.exif?.make != nil && $0.exif?.model != nil && $0.exif?.timeZone != nil })
        #expect(assets.allSatisfy { ($0.width ?? 1) > 0 && ($0.height ?? 1) > 0 })
    }

    /// The recorded asset has one recognised face nobody has named yet: no name is listed.
    @Test func aRecordedAssetListsOnlyNamedPeople() throws {
        let asset = try JSONDecoder().decode(ImmichAsset.self, from: try ImmichFixture.recorded("immich-go__asset_info"))
        #expect(asset.id == "test-asset-id" && asset.people.isEmpty && asset.durationMilliseconds == 0)
    }

    /// Nulls, missing fields and the other type of a field never fail an asset; an item without
    /// an id is left out, never the page.
    @Test func oddFieldsNeverFailAPage() throws {
        let json = #"""
        {"albums": null, "assets": {"count": 3, "total": "many", "nextPage": 7, "items": [
          {"id": "a", "type": "IMAGE", "width": null, "height": "tall", "isFavorite": "yes", "duration": null,
           "exifInfo": {"orientation": 6, "exifImageWidth": 4000, "exifImageHeight": 3000, "fNumber": "f/2", "iso": 3.5,
                        "city": null, "description": 12}},
          {"type": "IMAGE", "originalFileName": "no id.jpg"},
          {"id": "b", "type": "SOMETHING NEW", "duration": 5123, "people": [{"name": "Ada"}, {"id": "x"}, 4]},
          17
        ]}}
        """#
        let page = try ImmichSearchPage.parse(Data(json.utf8))
        #expect(page.assets.map(\.id) == ["a", "b"])
        #expect(page.next == nil && page.total == nil)                  // a number where a string belongs: no next page
        let a = page.assets[0]
        #expect(a.width == 3000 && a.height == 4000)                    // EXIF's size stood up by orientation 6
        #expect(a.isFavorite == false && a.exif?.fNumber == nil && a.exif?.iso == nil && a.exif?.description == nil)
        #expect(page.assets[1].kind == .other && page.assets[1].durationMilliseconds == 5123 && page.assets[1].people == ["Ada"])
        #expect(throws: ImmichError.self) { try ImmichSearchPage.parse(Data("<html>".utf8)) }
    }

    @Test func aCursorGoesBeforeAPageNumber() throws {
        let json = #"{"assets": {"items": [], "nextPage": "2", "nextCursor": "abc"}}"#
        #expect(try ImmichSearchPage.parse(Data(json.utf8)).next == .cursor("abc"))
    }

    /// Error bodies of v2 (`{message, error, statusCode}`, recorded) and v3 (`{message}`) say
    /// the same; what a server says is made safe to print.
    @Test func errorsQuoteTheServerSafely() throws {
        let v2 = try ImmichFixture.recorded("aioimmich__error_401_invalid_api_key")
        guard case .keyRefused(let message) = ImmichError.from(status: 401, body: v2, what: "x") else { Issue.record("not keyRefused"); return }
        #expect(!message.isEmpty)
        let forbidden = ImmichError.from(status: 403, body: Data(#"{"message":"Missing required permission: asset.download"}"#.utf8), what: "x")
        #expect(forbidden?.description.contains("asset.download") == true)
        let hostile = ImmichError.from(status: 400, body: Data(#"{"message":"bad \u001b]52;c;AAAA\u0007 thing"}"#.utf8), what: "x")
        #expect(hostile?.description.contains("\u{1B}") == false && hostile?.description.contains("\u{07}") == false)
        #expect(ImmichError.from(status: 204, body: Data(), what: "x") == nil)
    }

    /// A 403 names the permission the key lacks and what photopager needs it for; the v2
    /// recording's bare "Forbidden" and a permission that is not a name are quoted as sent.
    @Test func aMissingPermissionIsNamedWithWhatItIsFor() throws {
        func said(_ message: String) -> String {
            let body = Data(#"{"message":"\#(message)"}"#.utf8)
            return ImmichError.from(status: 403, body: body, what: "x")?.description ?? ""
        }
        #expect(said("Missing required permission: asset.download")
            == "the Immich API key lacks the asset.download permission, which zooming past the preview and d (download) need: "
            + "give the key it in the web app (Account settings → API keys)")
        #expect(said("Missing required permission: sharedLink.create").contains("which P (public link) needs"))
        #expect(said("Missing required permission: tag.read") == "the Immich API key lacks the tag.read permission: "
            + "give the key it in the web app (Account settings → API keys)")
        #expect(said("Missing required permission: a b; rm") == "the Immich API key may not do this: Missing required permission: a b; rm")
        let v2 = try ImmichFixture.recorded("aioimmich__error_403_forbidden")
        #expect(ImmichError.from(status: 403, body: v2, what: "x")?.description == "the Immich API key may not do this: Forbidden")
    }

    /// The question a page asks: the timeline's visibility and order, an album's or a person's
    /// without the timeline's filter, videos only when asked, smart search by meaning.
    @Test func queriesAskWhatTheySay() throws {
        func fields(_ query: ImmichQuery, _ position: ImmichPagePosition? = nil, smart: Bool = false) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: query.body(position: position, size: 50, smart: smart)) as? [String: Any])
        }
        let timeline = try fields(ImmichQuery())
        #expect(timeline["visibility"] as? String == "timeline" && timeline["type"] as? String == "IMAGE")
        #expect(timeline["order"] as? String == "desc" && timeline["page"] as? Int == 1 && timeline["withExif"] as? Bool == true)
        #expect(timeline["size"] as? Int == 50)
        var album = ImmichQuery()
        album.albumID = "al\"bum"
        album.includesVideos = true
        album.favourites = true
        let albumFields = try fields(album, .cursor("c2"))
        #expect(albumFields["albumIds"] as? [String] == ["al\"bum"] && albumFields["visibility"] == nil && albumFields["type"] == nil)
        #expect(albumFields["cursor"] as? String == "c2" && albumFields["page"] == nil && albumFields["isFavorite"] as? Bool == true)
        var search = ImmichQuery()
        search.text = "dog\n\u{1}"
        #expect(try fields(search, smart: true)["query"] as? String == "dog\n\u{1}")
        #expect(try fields(search, .page(3))["originalFileName"] as? String == "dog\n\u{1}")
        #expect(try fields(search, .page(3))["page"] as? Int == 3)
    }
}
