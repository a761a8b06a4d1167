import Unsplash

/// The Unsplash flags: which feed, how a search is refined, how many photos, the key. Render
/// parses them too (`.tolerated`), to say that feeds are browsed, and `--limit` keeps the first
/// photos it draws.
extension FlagTable {
    static let unsplash = [
        Flag("--unsplash", for: feeds, elsewhere: .tolerated,
             help: "the editorial feed (with a flag below: that feed instead)", helpIn: [.list: .prose],
             manual: """
             Browse Unsplash's editorial feed; with one of the flags below, that feed instead. Needs an
             access key (free at https://unsplash.com/developers; a demo key allows 50 requests an hour).
             """) { parsed, input throws(UsageError) in
            try parsed.setFeed(input.name, .editorial)
        },
        Flag("--search", .text("QUERY"), for: feeds, elsewhere: .tolerated,
             help: """
             search photos; refine with --orientation landscape|portrait|
             squarish, --search-color COLOR, --order-by relevant|latest
             """,
             helpIn: [.list: .prose],
             manual: .row(#"""
             Search Unsplash. Refine with \fB\-\-orientation\fR \#(UnsplashFeed.orientations.joined(separator: "|")),
             \fB\-\-search\-color\fR \#(UnsplashFeed.colors.joined(separator: "|"))
             and \fB\-\-order\-by\fR \#(UnsplashFeed.searchOrders.joined(separator: "|")). The API answers at most 200 pages.
             """#)) { parsed, input throws(UsageError) in
            parsed.search.query = input.value
            try parsed.setFeed(input.name, .search(parsed.search))
        },
        Flag("--orientation", .choices(UnsplashFeed.orientations), for: feeds, elsewhere: .tolerated,
             help: .prose, manual: .prose) { parsed, input throws(UsageError) in
            parsed.search.orientation = try input.choice()
        },
        Flag("--search-color", .choices(UnsplashFeed.colors, placeholder: "COLOR"), for: feeds, elsewhere: .tolerated,
             help: .prose, manual: .prose) { parsed, input throws(UsageError) in
            parsed.search.color = try input.choice()
        },
        Flag("--order-by", .choices(UnsplashFeed.searchOrders), for: feeds, elsewhere: .tolerated,
             help: .prose, manual: .prose) { parsed, input throws(UsageError) in
            parsed.search.orderBy = try input.choice()
        },
        Flag("--collection", .text("ID"), for: feeds, elsewhere: .tolerated,
             help: "a collection's photos", helpIn: [.list: .prose],
             manual: "A collection's, a topic's or a photographer's photos.") { parsed, input throws(UsageError) in
            try parsed.setFeed(input.name, .collection(try input.nonEmpty()))
        },
        Flag("--topic", .text("SLUG"), for: feeds, elsewhere: .tolerated,
             help: "a topic's photos", helpIn: [.list: .prose], manual: .joined) { parsed, input throws(UsageError) in
            try parsed.setFeed(input.name, .topic(try input.nonEmpty()))
        },
        Flag("--user", .text("USERNAME"), for: feeds, elsewhere: .tolerated,
             help: "a photographer's photos", helpIn: [.list: .prose], manual: .joined) { parsed, input throws(UsageError) in
            try parsed.setFeed(input.name, .user(try input.nonEmpty()))
        },
        Flag("--limit", .text("N"), for: feeds, elsewhere: .tolerated,
             help: "photos listed or drawn once from a feed (default 30)",
             helpIn: [.list: "at most N photos (a feed: default 30; local: all)"],
             manual: #"""
             How many photos \fBlist\fR prints (and one-shot output draws) from a feed, following its
             pages (default 30); for local sources, at most \fIN\fR (default all).
             """#) { parsed, input throws(UsageError) in
            guard let limit = Int(input.value), limit > 0 else {
                throw input.usage("--limit needs a positive number of photos, got '\(input.value)'")
            }
            parsed.invocation.limit = limit
        },
        Flag("--access-key", .text("KEY"), for: feeds, elsewhere: .tolerated,
             help: """
             the key (visible to other users in ps: prefer the
             UNSPLASH_ACCESS_KEY variable or access_key in the config file)
             """,
             helpIn: [.list: "the Unsplash key (prefer UNSPLASH_ACCESS_KEY)"],
             manual: #"""
             The Unsplash access key. Other users can read it in \fBps\fR: prefer
             \fBUNSPLASH_ACCESS_KEY\fR or \fBaccess_key\fR in the config file.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.accessKey = try input.nonEmpty()
        },
    ]
}
