/// The Immich flags: the server, its key, and what part of the library to browse. The narrowing
/// flags belong to `--immich`: without it they are usage errors (`ParsedFlags.command`).
extension FlagTable {
    static let immich = [
        Flag("--immich", .optionalAddress("URL"), for: feeds,
             help: """
             browse an Immich library: the server's origin, or
             immich_url from the config file (the timeline, newest first)
             """,
             helpIn: [.list: "an Immich library (the server, or immich_url)"],
             manual: #"""
             Browse your Immich library: the timeline, newest first, over the same grid and pager.
             \fIURL\fR is the server's origin (e.g. \fBhttps://photos.example.org\fR; \fB/api\fR is
             added); it is taken only when it starts with \fBhttp://\fR or \fBhttps://\fR, else
             \fBimmich_url\fR in the config file is used. Needs an API key (\fB\-\-immich\-key\fR).
             With \fB\-\-immich\fR, \fB\-\-search\fR searches the library (by meaning when the
             server has smart search, else file names).
             """#) { parsed, input throws(UsageError) in
            if parsed.invocation.immich == nil { parsed.invocation.immich = ImmichRequest() }
            if !input.value.isEmpty { parsed.invocation.flags.immichURL = input.value }
        },
        Flag("--immich-key", .text("KEY"), for: feeds,
             help: """
             the Immich API key (visible to other users in ps: prefer
             IMMICH_API_KEY or immich_api_key in the config file)
             """,
             helpIn: [.list: "the Immich API key (prefer IMMICH_API_KEY)"],
             manual: #"""
             The Immich API key (made in the web app's account settings). Other users can read it in
             \fBps\fR: prefer \fBIMMICH_API_KEY\fR or \fBimmich_api_key\fR in the config file. It is
             sent to the server's own origin only.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.immichKey = try input.nonEmpty()
        },
        Flag("--album", .text("NAME|ID"), for: feeds, help: "with --immich: an album, by its name or id",
             manual: #"""
             With \fB\-\-immich\fR: an album (by its name, or its id when several share the name:
             they are listed), a person's photos, the favourites, or those taken from or until a
             day (\fIYYYY\-MM\-DD\fR). The server orders them, newest first.
             """#) { parsed, input throws(UsageError) in
            let album = try input.nonEmpty()
            parsed.narrowImmich(input.name) { $0.album = album }
        },
        Flag("--person", .text("NAME|ID"), for: feeds, help: "with --immich: the photos of a person", manual: .joined) { parsed, input throws(UsageError) in
            let person = try input.nonEmpty()
            parsed.narrowImmich(input.name) { $0.person = person }
        },
        Flag("--favorites", for: feeds, help: "with --immich: the favourites", manual: .joined) { parsed, input throws(UsageError) in
            parsed.narrowImmich(input.name) { $0.favourites = true }
        },
        Flag("--since", .text("DATE"), for: feeds, help: "with --immich: taken on or after DATE (YYYY-MM-DD)",
             manual: .joined) { parsed, input throws(UsageError) in
            let date = try input.date(endOfDay: false)
            parsed.narrowImmich(input.name) { $0.since = date }
        },
        Flag("--until", .text("DATE"), for: feeds, help: "with --immich: taken on or before DATE", manual: .joined) { parsed, input throws(UsageError) in
            let date = try input.date(endOfDay: true)
            parsed.narrowImmich(input.name) { $0.until = date }
        },
        Flag("--videos", for: feeds, help: "with --immich: videos too (shown by their thumbnail)",
             manual: "With \\fB\\-\\-immich\\fR: videos too, shown by their thumbnail (by default photos only).") { parsed, input throws(UsageError) in
            parsed.narrowImmich(input.name) { $0.videos = true }
        },
    ]
}

extension FlagInput {
    /// "2024-05-01" → the instant the day starts (or ends) in UTC, as the API takes it.
    func date(endOfDay: Bool) throws(UsageError) -> String {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= 1800, (1 ... 12).contains(month), (1 ... 31).contains(day)
        else { throw usage("\(name) wants a date like 2024-05-01, got '\(value)'") }
        return value + (endOfDay ? "T23:59:59.999Z" : "T00:00:00.000Z")
    }
}

extension ParsedFlags {
    /// A flag that narrows the Immich library; remembered so that without `--immich` it is an error.
    mutating func narrowImmich(_ flag: String, _ change: (inout ImmichRequest) -> Void) {
        immichFlags.append(flag)
        change(&immichNarrowing)
    }
}
