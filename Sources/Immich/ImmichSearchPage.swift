import FoundationEssentials

/// One page of `POST /search/metadata` (or `/search/smart`): `{albums: …, assets: {items,
/// nextPage, count, total, nextCursor}}`. `nextPage` is a string holding the next page number
/// ("2"), null on the last; from v3.2 `nextCursor` goes with it. An item that does not read is
/// left out, never the page.
public struct ImmichSearchPage: Sendable, Equatable {
    public var assets: [ImmichAsset]
    /// What to ask for next; nil on the last page.
    public var next: ImmichPagePosition?
    /// How many assets match in all, when the server still says (deprecated in v3).
    public var total: Int?
    /// Served from the disk cache because the server could not be reached.
    public var fromCache = false

    public init(assets: [ImmichAsset], next: ImmichPagePosition? = nil, total: Int? = nil) {
        self.assets = assets
        self.next = next
        self.total = total
    }

    public static func parse(_ body: Data) throws(ImmichError) -> ImmichSearchPage {
        struct Reply: Decodable {
            struct Assets: Decodable {
                var items: [Lenient<ImmichAsset>]?
                var nextPage: Lenient<String>?
                var nextCursor: Lenient<String>?
                var total: Lenient<Int>?
            }
            var assets: Assets
        }
        let reply: Reply
        do {
            reply = try JSONDecoder().decode(Reply.self, from: body)
        } catch {
            throw .malformed("not a search reply")
        }
        let assets = reply.assets
        var next: ImmichPagePosition?
        if let cursor = assets.nextCursor?.value, !cursor.isEmpty {
            next = .cursor(cursor)
        } else if let page = assets.nextPage?.value.flatMap({ Int($0) }), page > 1 {
            next = .page(page)
        }
        return ImmichSearchPage(assets: (assets.items ?? []).compactMap(\.value), next: next, total: assets.total?.value)
    }
}

/// Where a search goes on: a page number, or the cursor newer servers hand out.
public enum ImmichPagePosition: Sendable, Equatable {
    case page(Int)
    case cursor(String)
}
