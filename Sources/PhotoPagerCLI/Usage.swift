import PhotoPagerCore

/// The help texts. Kept beside each other so they read as one manual (the man page,
/// Resources/photopager.1, says the same at more length). The options are `FlagTable`'s rows,
/// each page choosing the order of the groups.
enum Usage {
    static let version = "photopager 0.1.0"

    static func text(_ topic: HelpTopic) -> String {
        switch topic {
        case .main: return main
        case .list: return list
        case .render: return render
        }
    }

    static let main = """
    Usage: photopager [SOURCE...] [options]
           photopager --unsplash [--search QUERY | --collection ID | --topic SLUG | --user NAME]
           photopager --immich [URL] [--album NAME | --person NAME | --favorites | --search TEXT]
           photopager list [SOURCE... | FEED | --immich [URL]] [--json] [--limit N]
           photopager render FILE|URL... [options]

    Browse photos in the terminal: a grid of thumbnails; Enter opens the pager, ←/→ page,
    f full screen, s share, m mark, i info, ? keys, q back/quit. A SOURCE is an image file, a
    directory (searched recursively, hidden files skipped), or a JSON manifest of Unsplash
    photo objects (remote urls are fetched). With no SOURCE, the bundled sample photos are
    shown. The UI draws on /dev/tty; the photos you share or mark are printed on stdout at
    exit, so url=$(photopager) and photopager DIR --print path | xargs -r cp -t DEST work. When neither stdin nor stdout is a terminal, the photos are
    drawn once instead (a feed stops at --limit).

    Commands:
      list          one line per photo: index, size, photographer, share URL
      render        draw photos to standard output once, like chafa or img2sixel
      help COMMAND  help for a command
      completions bash|zsh|fish
                    print a completion script for the shell

    Options:
    \(FlagTable.helpRows(.main, [.drawing, .limits, .output, .order, .pager, .budgets, .about]))

    Unsplash (needs an access key, free at https://unsplash.com/developers):
    \(FlagTable.helpRows(.main, [.unsplash]))

    Immich (your own library; an API key from the web app's account settings):
    \(FlagTable.helpRows(.main, [.immich]))

    Keys (also behind ? in the app):
    \(Keymap.plainText)

    Config: $XDG_CONFIG_HOME/photopager/config (default ~/.config/photopager/config),
    "key = value" lines and # comments: access_key, immich_url, immich_api_key,
    immich_link_days (how long a public link made with P works; default 7, 0: until
    revoked), immich_ca_file (a PEM file: the server's own CA), renderer, clipboard,
    cache_mb, memory_mb, print, print0, sort, reverse, slideshow_seconds (the pace of S),
    loop, download_dir, min_rating, key_handler (what Ctrl-X then a key runs; default
    ~/.config/photopager/key-handler). Flags win over the environment
    (UNSPLASH_ACCESS_KEY, IMMICH_API_KEY, PHOTOPAGER_RENDERER), which wins over the file.
    Cache: $XDG_CACHE_HOME/photopager (default ~/.cache/photopager).

    Exit status: 0 ok, 1 a photo or source failed, 2 usage error, 130 Ctrl-C in the pager.
    """

    static let list = """
    Usage: photopager list [SOURCE... | FEED | --immich [URL]] [--json] [--limit N]

    Prints one line per photo: INDEX<TAB>WIDTHxHEIGHT<TAB>PHOTOGRAPHER<TAB>SHARE_URL,
    numbered from 1. With --json, prints the photos as a JSON array of Unsplash photo
    objects instead. With no SOURCE, lists the bundled sample photos. A FEED is
    --unsplash, --search QUERY (refined by --orientation, --search-color, --order-by),
    --collection ID, --topic SLUG or --user USERNAME (see photopager --help); its pages are
    followed until --limit photos are listed. --immich [URL] lists an Immich library the
    same way (the timeline, or what --album, --person, --favorites, --search, --since,
    --until and --videos choose); its share URL is the web app's page of the photo.

    Options:
    \(FlagTable.helpRows(.list, [.listing, .order, .unsplash, .immich, .budgets, .limits, .about]))
    """

    static let render = """
    Usage: photopager render FILE|URL... [options]

    Draws each photo to standard output, aspect ratio kept, fitted into the area.
    FILE may also be a directory or a manifest; an http(s) URL is downloaded (and kept in
    the cache). A file that cannot be read is reported on standard error and the others
    are still drawn; the exit status is then 1.

    Options:
    \(FlagTable.helpRows(.render, [.drawing, .limits, .budgets, .about]))
    """
}
