import PhotoPagerCore

/// The help texts. Kept beside each other so they read as one manual (the man page,
/// Resources/photopager.1, says the same at more length).
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
           photopager list [SOURCE... | FEED] [--json] [--limit N]
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
      --renderer NAME        auto, sixel, kitty, iterm2, blocks or caca (default auto:
                             probed from the terminal)
      --size COLSxROWS       area to draw in (default: the terminal, else 80x24)
      --cell-size WxH        pixels per character cell (default: from the terminal, else 10x20)
      --max-megapixels N     refuse larger images before decoding (default 200)
      --clipboard, --no-clipboard
                             sharing copies to the clipboard with OSC 52, or not (default on)
      --print FORM           what q prints for each shared or marked photo: url (default),
                             path, id or json (one Unsplash object per line); Ctrl-C prints
                             nothing and exits 130
      --print0, --no-print0  separate them with NUL instead of newlines (for xargs -0), or not
      --sort name|date|random
                             the order (default: the folders' order); date is when the photo
                             was taken (EXIF), else the file's time; not for Unsplash feeds
      --reverse, --no-reverse
                             the order backwards, or not
      --seed N               the same random order each time
      --raw                  of a camera's RAW + JPEG pair (one photo), show the RAW
      --slideshow SECONDS    open the pager on the first photo with the slideshow running
                             (S starts and pauses it; any other key pauses it too)
      --loop, --no-loop      the slideshow starts again after the last photo, or stops there
      --download-dir DIR     where d saves originals (default: XDG_DOWNLOAD_DIR from
                             user-dirs.dirs, else ~/Downloads); --print path saves there too
      --cache-mb N           disk cache budget in MB (default 500; 0 = none)
      --memory-mb N          memory for images ready to draw, in MB (default 48)
      -h, --help             show this help
      -V, --version          show the version

    Unsplash (needs an access key, free at https://unsplash.com/developers):
      --unsplash             the editorial feed (with a flag below: that feed instead)
      --search QUERY         search photos; refine with --orientation landscape|portrait|
                             squarish, --search-color COLOR, --order-by relevant|latest
      --collection ID        a collection's photos
      --topic SLUG           a topic's photos
      --user USERNAME        a photographer's photos
      --limit N              photos listed or drawn once from a feed (default 30)
      --access-key KEY       the key (visible to other users in ps: prefer the
                             UNSPLASH_ACCESS_KEY variable or access_key in the config file)

    Keys (also behind ? in the app):
    \(Keymap.plainText)

    Config: $XDG_CONFIG_HOME/photopager/config (default ~/.config/photopager/config),
    "key = value" lines and # comments: access_key, renderer, clipboard, cache_mb, memory_mb,
    print, print0, sort, reverse, slideshow_seconds (the pace of S), loop, download_dir.
    Flags win over the environment (UNSPLASH_ACCESS_KEY, PHOTOPAGER_RENDERER), which wins
    over the file. Cache: $XDG_CACHE_HOME/photopager (default ~/.cache/photopager).

    Exit status: 0 ok, 1 a photo or source failed, 2 usage error, 130 Ctrl-C in the pager.
    """

    static let list = """
    Usage: photopager list [SOURCE... | FEED] [--json] [--limit N]

    Prints one line per photo: INDEX<TAB>WIDTHxHEIGHT<TAB>PHOTOGRAPHER<TAB>SHARE_URL,
    numbered from 1. With --json, prints the photos as a JSON array of Unsplash photo
    objects instead. With no SOURCE, lists the bundled sample photos. A FEED is
    --unsplash, --search QUERY (refined by --orientation, --search-color, --order-by),
    --collection ID, --topic SLUG or --user USERNAME (see photopager --help); its pages are
    followed until --limit photos are listed.

    Options:
      --json                 JSON array in the Unsplash API shape
      --sort name|date|random, --reverse, --no-reverse, --seed N
                             the order, as in the pager (not for feeds: --order-by)
      --raw                  of a RAW + JPEG pair, list the RAW
      --limit N              at most N photos (a feed: default 30; local: all)
      --access-key KEY       the Unsplash key (prefer UNSPLASH_ACCESS_KEY)
      --cache-mb N           disk cache budget in MB (default 500; 0 = none)
      --max-megapixels N     accepted for symmetry; listing decodes no pixels
      -h, --help             show this help
    """

    static let render = """
    Usage: photopager render FILE|URL... [options]

    Draws each photo to standard output, aspect ratio kept, fitted into the area.
    FILE may also be a directory or a manifest; an http(s) URL is downloaded (and kept in
    the cache). A file that cannot be read is reported on standard error and the others
    are still drawn; the exit status is then 1.

    Options:
      --renderer NAME        auto, sixel, kitty, iterm2, blocks or caca (default auto:
                             asked of the terminal when stdout is one, else chosen
                             from TERM, TERM_PROGRAM, KITTY_WINDOW_ID, COLORTERM)
      --size COLSxROWS       area to draw in (default: the terminal, else 80x24)
      --cell-size WxH        pixels per character cell (default: from the terminal, else 10x20)
      --max-megapixels N     refuse larger images before decoding (default 200)
      --cache-mb N           disk cache budget in MB for downloads (default 500; 0 = none)
      -h, --help             show this help
    """
}
