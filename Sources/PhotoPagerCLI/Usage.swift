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
           photopager list [SOURCE...] [--json]
           photopager render FILE... [options]

    Browse photos in the terminal: a grid of thumbnails; Enter opens the pager, ←/→ page,
    f full screen, s share, i info, ? keys, q back/quit. A SOURCE is an image file, a
    directory (searched recursively, hidden files skipped), or a JSON manifest of Unsplash
    photo objects. With no SOURCE, the bundled sample photos are shown. The UI draws on
    /dev/tty; the URLs you share are printed on stdout at exit, so url=$(photopager) works.
    When neither stdin nor stdout is a terminal, the photos are drawn once instead.

    Commands:
      list          one line per photo: index, size, photographer, share URL
      render        draw photos to standard output once, like chafa or img2sixel
      help COMMAND  help for a command

    Options:
      --renderer NAME        auto, sixel, kitty, iterm2, blocks or caca (default auto:
                             probed from the terminal)
      --size COLSxROWS       area to draw in (default: the terminal, else 80x24)
      --cell-size WxH        pixels per character cell (default: from the terminal, else 10x20)
      --max-megapixels N     refuse larger images before decoding (default 200)
      --no-clipboard         sharing does not copy to the clipboard (OSC 52)
      -h, --help             show this help
      -V, --version          show the version

    Exit status: 0 ok, 1 a photo or source failed, 2 usage error.
    """

    static let list = """
    Usage: photopager list [SOURCE...] [--json]

    Prints one line per photo: INDEX<TAB>WIDTHxHEIGHT<TAB>PHOTOGRAPHER<TAB>SHARE_URL,
    numbered from 1. With --json, prints the photos as a JSON array of Unsplash photo
    objects instead. With no SOURCE, lists the bundled sample photos.

    Options:
      --json                 JSON array in the Unsplash API shape
      --max-megapixels N     accepted for symmetry; listing decodes no pixels
      -h, --help             show this help
    """

    static let render = """
    Usage: photopager render FILE... [options]

    Draws each photo to standard output, aspect ratio kept, fitted into the area.
    FILE may also be a directory or a manifest. A file that cannot be read is reported
    on standard error and the others are still drawn; the exit status is then 1.

    Options:
      --renderer NAME        auto, sixel, kitty, iterm2, blocks or caca (default auto:
                             asked of the terminal when stdout is one, else chosen
                             from TERM, TERM_PROGRAM, KITTY_WINDOW_ID, COLORTERM)
      --size COLSxROWS       area to draw in (default: the terminal, else 80x24)
      --cell-size WxH        pixels per character cell (default: from the terminal, else 10x20)
      --max-megapixels N     refuse larger images before decoding (default 200)
      -h, --help             show this help
    """
}
