import PhotoPagerBase

/// Every key the app knows, in the order the help shows them.
public enum Keymap {
    private static let c = Key.character

    public static let bindings: [KeyBinding] = [
        KeyBinding([c("c")], ctrl: true, "abort: print nothing, exit 130", .everywhere, .abort),
        KeyBinding([c("z")], ctrl: true, "suspend (fg resumes)", .everywhere, .suspend),
        KeyBinding([c("l")], ctrl: true, "redraw everything", .everywhere, .repaint),
        KeyBinding([c("x")], ctrl: true, "then a key: your key-handler on the marked photos", .everywhere, .keyHandler),

        KeyBinding([c("?"), .escape, c("q")], mouse: ["click"], "close this help", .keyMap, .closeKeyMap),
        KeyBinding([.down, c("j")], "scroll down", .keyMap, .scrollKeyMap(rows: 1)),
        KeyBinding([.up, c("k")], "scroll up", .keyMap, .scrollKeyMap(rows: -1)),
        KeyBinding([.pageDown, c(" ")], "scroll a page down", .keyMap, .scrollKeyMap(rows: 10)),
        KeyBinding([.pageUp], "scroll a page up", .keyMap, .scrollKeyMap(rows: -10)),

        // Other keys type into the prompt; listed so the help has them.
        KeyBinding([], mouse: ["letters"], "match name, photographer, text", .prompt, .startFilter),
        KeyBinding([.enter], "keep it; a feed: search", .prompt, .keepFilter, hint: "keep"),
        KeyBinding([.escape], "clear it: every photo again", .prompt, .clearFilter, hint: "clear"),
        KeyBinding([.backspace], "delete a letter", .prompt, .deleteFromFilter),

        KeyBinding([(.up, .panelMove(-1)), (.down, .panelMove(1))], "previous, next row", .infoPanel,
                   hint: "row", hintKeys: 2),
        KeyBinding([.enter, .right], "expand the row", .infoPanel, .panelExpand, hint: "expand", hintKeys: 1),
        KeyBinding([.left], "collapse the row", .infoPanel, .panelCollapse, hint: "collapse"),
        KeyBinding([.escape], "close the panel", .infoPanel, .closePanel, hint: "close"),
        KeyBinding([.escape], "close the panel", .gridInfoPanel, .closePanel, hint: "close"),

        KeyBinding([c("s")], mouse: ["click ↗"], "share: copy, print at exit", .common, .share,
                   hint: "share"),
        KeyBinding([c("/")], "filter the photos as you type", .common, .startFilter, hint: "filter"),
        KeyBinding([c("Y")], "copy the photo itself (PNG)", .common, .copyImage),
        KeyBinding([c("S")], "slideshow: start, pause", .common, .toggleSlideshow),
        KeyBinding([c("o")], "open its page in $BROWSER", .common, .openInBrowser),
        KeyBinding([c("d")], "download the original", .common, .download),
        KeyBinding([c("F")], "favourite: on, off (Immich)", .common, .toggleFavourite),
        KeyBinding([c("P")], "public link anyone can open (Immich)", .common, .publicLink),
        KeyBinding((1 ... 5).map { (c(Character(String($0))), .rate($0)) }, "stars (again: none; marked too)", .common),
        KeyBinding([c("x")], "reject, un-reject", .common, .toggleReject),
        KeyBinding([c("X")], "hide, show the rejected", .common, .toggleRejectsHidden),
        KeyBinding([(c("r"), .turn(clockwise: true)), (c("R"), .turn(clockwise: false))],
                   "turn a quarter right, left (sidecar)", .common),
        KeyBinding([.delete, c("D")], "to the trash (marked: asks first)", .common, .trash),
        KeyBinding([c("u")], "undo the last rating, turn, trash", .common, .undo),
        KeyBinding([c("m")], "mark, unmark (printed at exit)", .common, .toggleMark, hint: "mark"),
        KeyBinding([c("M")], "invert the marks of all loaded", .common, .invertMarks),
        KeyBinding([c("i")], "info panel", .common, .toggleInfoPanel, hint: "info"),
        KeyBinding([c("?")], "keys (this help)", .common, .toggleKeyMap, hint: "keys"),

        KeyBinding([(.left, .move(.left)), (.up, .move(.up)), (.down, .move(.down)), (.right, .move(.right)),
                    (c("h"), .move(.left)), (c("k"), .move(.up)), (c("j"), .move(.down)), (c("l"), .move(.right))],
                   "move", .grid, hint: "move", hintKeys: 4),
        KeyBinding([(.pageUp, .move(.pageUp)), (.pageDown, .move(.pageDown))], "a screen up, down", .grid),
        // The wheel is the mouse handler's; listed here so the help has it.
        KeyBinding([], mouse: ["wheel"], "scroll (the selection stays)", .grid, .move(.down)),
        KeyBinding([.home, c("g")], "first photo", .grid, .move(.home)),
        KeyBinding([.end, c("G")], "last photo", .grid, .move(.end)),
        KeyBinding([.enter], mouse: ["click"], "open (a click selects first)", .grid, .open,
                   hint: "open"),
        KeyBinding([c("f")], "open in full screen", .grid, .openFullscreen),
        KeyBinding([(c("+"), .zoomGrid(1)), (c("="), .zoomGrid(1)), (c("-"), .zoomGrid(-1))],
                   "larger, smaller tiles (kept)", .grid),
        KeyBinding([c("q")], "quit; print shared, marked", .grid, .quit, hint: "quit"),

        KeyBinding([(.left, .page(-1)), (.right, .page(1)), (c("h"), .page(-1)), (c("l"), .page(1))],
                   mouse: ["wheel ←→"], "previous, next photo", .pager, hint: "page", hintKeys: 2),
        KeyBinding([(c("p"), .page(-1)), (c("n"), .page(1)), (.pageUp, .page(-1)), (.pageDown, .page(1))],
                   "previous, next (zoomed too)", .pager),
        KeyBinding([c(" ")], "next photo", .pager, .page(1)),
        KeyBinding([.home, c("g")], "first photo", .pager, .page(Int.min)),
        KeyBinding([.end, c("G")], "last photo", .pager, .page(Int.max)),
        KeyBinding([(c("+"), .zoom(1)), (c("-"), .zoom(-1)), (c("="), .zoom(1))], mouse: ["wheel"],
                   "zoom in, out (to 800%)", .pager),
        KeyBinding([c("0")], "fit the photo again", .pager, .zoomFit),
        KeyBinding([c("a")], "animations: pause, play", .pager, .toggleAnimations),
        KeyBinding([c("f")], mouse: ["click"], "full screen on, off", .pager, .toggleFullscreen, hint: "full screen"),
        KeyBinding([c("t")], mouse: ["click strip"], "filmstrip on, off (kept)", .pager, .toggleFilmstrip),
        KeyBinding([.escape], "full screen off, else grid", .pager, .leaveFullscreenOrGrid, hint: "grid"),
        KeyBinding([c("q"), .down, c("j")], mouse: ["click ✕"], "back to the grid", .pager,
                   .backToGrid),

        KeyBinding([(.left, .pan(columns: -1, rows: 0)), (.up, .pan(columns: 0, rows: -1)),
                    (.down, .pan(columns: 0, rows: 1)), (.right, .pan(columns: 1, rows: 0)),
                    (c("h"), .pan(columns: -1, rows: 0)), (c("k"), .pan(columns: 0, rows: -1)),
                    (c("j"), .pan(columns: 0, rows: 1)), (c("l"), .pan(columns: 1, rows: 0))],
                   mouse: ["drag"], "pan", .zoomed, hint: "pan", hintKeys: 4),
        KeyBinding([.escape], "fit the photo again", .zoomed, .zoomFit, hint: "fit"),
    ]

    /// What `chord` does in `context`, if anything: the first binding there that has it.
    public static func action(for chord: KeyChord, in context: KeyContext) -> KeyAction? {
        bindings.lazy.filter { $0.context == context }.compactMap { $0.action(for: chord) }.first
    }

    /// The first context of `contexts` (in order) that has `chord`, and what it does there.
    public static func action(for chord: KeyChord, in contexts: [KeyContext]) -> KeyAction? {
        contexts.lazy.compactMap { action(for: chord, in: $0) }.first
    }

    public static func bindings(in context: KeyContext) -> [KeyBinding] {
        bindings.filter { $0.context == context }
    }
}
