import PhotoPagerBase

/// The flags of the pager and of listing: what it gives back, which photos in what order, how it runs.
extension FlagTable {
    static let output = [
        Flag("--clipboard", inverted: true, for: [.main],
             help: "sharing copies to the clipboard with OSC 52, or not (default on)",
             manual: "Sharing copies the URL to the clipboard with OSC 52, or does not (default: it does).") { parsed, input throws(UsageError) in
            parsed.invocation.flags.clipboard = input.on
        },
        Flag("--print", .choices(ExitOutput.Form.allCases.map(\.rawValue), placeholder: "FORM"), for: [.main],
             elsewhere: .refused(forThePager),
             help: """
             what q prints for each shared or marked photo: url (default),
             path, id or json (one Unsplash object per line); Ctrl-C prints
             nothing and exits 130
             """,
             manual: #"""
             What
             .B q
             prints on standard output for each photo shared or still marked, once, in the order first
             chosen: \fBurl\fR (the share URL; the default), \fBpath\fR (the file), \fBid\fR or
             \fBjson\fR (one Unsplash photo object per line). Printed to a terminal, each is sanitised;
             into a pipe, paths go byte for byte. Ctrl-C prints nothing and exits 130.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.printForm = ExitOutput.Form(rawValue: try input.choice())
        },
        Flag("--print0", inverted: true, for: [.main], elsewhere: .refused(forThePager),
             help: "separate them with NUL instead of newlines (for xargs -0), or not",
             manual: #"""
             Separate the printed photos with NUL instead of newlines (for
             .BR "xargs \-0" ),
             or not.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.print0 = input.on
        },
    ]

    private static let forThePager = "is for the pager: what it prints at exit"

    static let order = [
        Flag("--sort", .choices(PhotoSort.Key.allCases.map(\.rawValue)), for: feeds,
             help: """
             the order (default: the folders' order); date is when the photo
             was taken (EXIF), else the file's time; not for Unsplash feeds
             """,
             helpIn: [.list: "the order, as in the pager (not for feeds: --order-by)"],
             manual: #"""
             The order of the photos, in the pager and in \fBlist\fR: \fBname\fR sorts by the file's name
             (not its folder) in natural order; \fBdate\fR by when the photo was taken (EXIF
             DateTimeOriginal), else the file's modification time, undated photos last; \fBrandom\fR
             shuffles; \fBrating\fR puts the most stars first, the unrated next and the rejected last. A big folder opens in the folders' order and says "sorting N photos…" until every
             header is read, then takes the order, keeping the selected photo. Unsplash feeds keep the
             API's order (use \fB\-\-order\-by\fR); \fB\-\-sort\fR with them is a usage error.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.sort = PhotoSort.Key(rawValue: try input.choice())
        },
        Flag("--reverse", inverted: true, for: feeds,
             help: "the order backwards, or not", helpIn: [.list: .joined],
             manual: "The order backwards (alone: the order given, backwards), or not.") { parsed, input throws(UsageError) in
            parsed.invocation.flags.reverse = input.on
        },
        Flag("--seed", .text("N"), for: feeds,
             help: "the same random order each time", helpIn: [.list: .joined],
             manual: #"The seed of \fB\-\-sort random\fR: the same seed gives the same order."#) { parsed, input throws(UsageError) in
            guard let seed = UInt64(input.value) else { throw input.usage("--seed needs a whole number (0 or more), got '\(input.value)'") }
            parsed.invocation.seed = seed
        },
        Flag("--min-rating", .text("N"), for: feeds,
             help: "only photos with N stars or more (0: all but the rejected)",
             helpIn: [.list: "only photos with N stars or more"],
             manual: #"""
             Only the photos rated \fIN\fR stars or more (0 to 5; 0 keeps all but the rejected), in the pager
             and in \fBlist\fR. Ratings are read from XMP sidecars, from the photo itself (embedded XMP, EXIF),
             from photopager's store for folders it cannot write, or from an Immich library. With
             \fB\-\-print\fR the pager prints at exit every photo that has that rating then, without marking
             them one by one (and the marked and shared as always).
             """#) { parsed, input throws(UsageError) in
            guard let stars = Int(input.value), (0 ... 5).contains(stars) else {
                throw input.usage("--min-rating is a number of stars from 0 to 5, got '\(input.value)'")
            }
            parsed.invocation.flags.minRating = stars
        },
        Flag("--rejected", for: feeds,
             help: "only the rejected photos (x), to review or trash them",
             helpIn: [.list: "only the rejected photos"],
             manual: #"""
             Only the photos rejected with \fBx\fR (\fIxmp:Rating\fR \-1), in the pager and in \fBlist\fR: to review
             them, or, with \fB\-\-print\fR, to hand them all to another program at exit.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.rejected = true
        },
        Flag("--raw", for: feeds,
             help: "of a camera's RAW + JPEG pair (one photo), show the RAW",
             helpIn: [.list: "of a RAW + JPEG pair, list the RAW"],
             manual: #"""
             A camera's RAW and the JPEG (or HEIC) of the same name in one folder are one photo, shown by
             its JPEG and named with both files in the info panel; with \fB\-\-raw\fR the RAW is shown
             (and \fB\-\-print path\fR prints it).
             """#) { parsed, _ throws(UsageError) in
            parsed.invocation.preferRaw = true
        },
    ]

    static let pager = [
        Flag("--slideshow", .text("SECONDS"), for: [.main],
             help: """
             open the pager on the first photo with the slideshow running
             (S starts and pauses it; any other key pauses it too)
             """,
             manual: #"""
             Open the pager on the first photo with the slideshow turning a page every \fISECONDS\fR
             (0.1 to 86400); it stops at the last photo.
             .B S
             starts (at 5 seconds without this option) and pauses it; any other key pauses it and still
             does its own job.
             """#) { parsed, input throws(UsageError) in
            guard let seconds = SettingValues.slideshowSeconds(input.value) else {
                throw input.usage("--slideshow needs seconds between photos (0.1 to 86400), got '\(input.value)'")
            }
            parsed.invocation.flags.slideshowSeconds = seconds
        },
        Flag("--loop", inverted: true, for: [.main],
             help: "the slideshow starts again after the last photo, or stops there",
             manual: "The slideshow starts again at the first photo after the last, or stops there.") { parsed, input throws(UsageError) in
            parsed.invocation.flags.loop = input.on
        },
        Flag("--download-dir", .directory("DIR"), for: [.main],
             help: """
             where d saves originals (default: XDG_DOWNLOAD_DIR from
             user-dirs.dirs, else ~/Downloads); --print path saves there too
             """,
             manual: #"""
             Where
             .B d
             saves a remote photo's original (and
             .B \-\-print path
             a remote photo it prints): \fBXDG_DOWNLOAD_DIR\fR from \fI$XDG_CONFIG_HOME/user\-dirs.dirs\fR,
             else \fI~/Downloads\fR, made when missing. The original is what the photo's
             \fBdownload_location\fR answers (Unsplash's download ping, sent once per photo). Files are named
             \fIID\-USERNAME.EXT\fR reduced to letters, digits, \fB_\fR and \fB\-\fR, are written whole
             before they get their name, and never replace a file (\fB\-2\fR, \fB\-3\fR… are added).
             After \fBq\fR, downloads still running are finished, with a progress line on standard error.
             """#) { parsed, input throws(UsageError) in
            parsed.invocation.flags.downloadDir = try input.nonEmpty()
        },
    ]

    static let listing = [
        Flag("--json", for: [.list],
             help: "JSON array in the Unsplash API shape",
             manual: "(list) Print the photos as a JSON array of Unsplash photo objects.") { parsed, _ throws(UsageError) in
            parsed.json = true
        },
    ]
}
