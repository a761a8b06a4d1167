import PhotoPagerBase

/// What a key does, as data: the key map table below maps keys to these, and `AppState`
/// carries them out. One list, so handling, the `?` overlay, the status hints, `--help`, the
/// README and the man page cannot drift apart.
public enum KeyAction: Hashable, Sendable {
    case quit, abort, suspend, repaint
    case toggleMark, invertMarks
    case toggleKeyMap, closeKeyMap
    case scrollKeyMap(rows: Int)
    case share, openInBrowser, download, toggleInfoPanel, toggleSlideshow
    /// `F`: a library photo's favourite on or off (written to the library).
    case toggleFavourite
    /// Culling: stars, reject, hide the rejected, undo.
    case rate(Int), toggleReject, toggleRejectsHidden, undo, trash, turn(clockwise: Bool)
    /// Ctrl-X then a key: the person's own key handler.
    case keyHandler
    /// `Y`: the photo's pixels to the clipboard.
    case copyImage
    /// `P`: a public link to the photo, made by its library.
    case publicLink
    case startFilter, keepFilter, clearFilter, deleteFromFilter
    case panelMove(Int), panelExpand, panelCollapse, closePanel
    case move(GridListController.Move)
    /// `+` / `-` in the grid: larger (1) or smaller (-1) tiles.
    case zoomGrid(Int)
    case open, openFullscreen
    /// Pages forward or back; `Int.min` / `Int.max` go to the first / last photo.
    case page(Int)
    case toggleFullscreen, toggleFilmstrip, toggleAnimations
    /// `+` / `-` in the pager: zoom in (1) or out (-1) around the middle; `0` back to fit.
    case zoom(Int)
    case zoomFit
    /// Zoomed in: the view moves a fifth of itself each way.
    case pan(columns: Int, rows: Int)
    /// Esc in the pager: full screen off, else back to the grid.
    case leaveFullscreenOrGrid
    case backToGrid
}

/// Where a binding applies. `AppState` asks the layers in this order: `everywhere`, then the
/// open overlay or panel, then `common`, then (zoomed in) `zoomed`, then the grid or the pager.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case everywhere = "Everywhere"
    case keyMap = "This help"
    case prompt = "Filter prompt (/)"
    case infoPanel = "Info panel (pager)"
    case gridInfoPanel = "Info panel (grid)"
    case common = "Grid and pager"
    case grid = "Grid"
    case pager = "Pager"
    case zoomed = "Pager, zoomed in"
}

/// A key as pressed: the key and whether Ctrl was held.
public struct KeyChord: Hashable, Sendable {
    public var key: Key
    public var ctrl: Bool

    public init(_ key: Key, ctrl: Bool = false) {
        self.key = key
        self.ctrl = ctrl
    }

    /// How help texts write it: `←`, `⏎`, `esc`, `PgUp`, `Space`, `Ctrl-C`, `g`.
    public var label: String {
        let name: String
        switch key {
        case .up: name = "↑"
        case .down: name = "↓"
        case .left: name = "←"
        case .right: name = "→"
        case .pageUp: name = "PgUp"
        case .pageDown: name = "PgDn"
        case .home: name = "Home"
        case .end: name = "End"
        case .enter: name = "⏎"
        case .escape: name = "esc"
        case .tab: name = "Tab"
        case .backspace: name = "Backspace"
        case .delete: name = "Delete"
        case .insert: name = "Insert"
        case .function(let n): name = "F\(n)"
        case .character(" "): name = "Space"
        case .character(let c): name = ctrl ? String(c).uppercased() : String(c)
        }
        return ctrl ? "Ctrl-" + name : name
    }

    var isArrow: Bool { [.up, .down, .left, .right].contains(key) && !ctrl }
}

/// One line of the key map: its keys (and the mouse gestures that do the same, for the help
/// texts: the mouse is handled in `AppState+Mouse`), what it does and where.
public struct KeyBinding: Sendable {
    public var keys: [KeyChord]
    /// What each key does, in the order of `keys` (one line of help may stand for several
    /// actions: the four directions of "move").
    public var actions: [KeyAction]
    public var mouse: [String]
    public var help: String
    public var context: KeyContext
    /// The status line's short text for it, if it has one there, shown after its first
    /// `hintKeys` keys.
    public var hint: String?
    public var hintKeys: Int

    /// Keys that all do `action`.
    init(_ keys: [Key], ctrl: Bool = false, mouse: [String] = [], _ help: String, _ context: KeyContext,
         _ action: KeyAction, hint: String? = nil, hintKeys: Int = 1) {
        self.init(keys.map { ($0, action) }, ctrl: ctrl, mouse: mouse, help, context, hint: hint, hintKeys: hintKeys)
    }

    /// Keys that each do their own action.
    init(_ pairs: [(Key, KeyAction)], ctrl: Bool = false, mouse: [String] = [], _ help: String, _ context: KeyContext,
         hint: String? = nil, hintKeys: Int = 1) {
        keys = pairs.map { KeyChord($0.0, ctrl: ctrl) }
        actions = pairs.map(\.1)
        self.mouse = mouse
        self.help = help
        self.context = context
        self.hint = hint
        self.hintKeys = hintKeys
    }

    /// What `chord` does under this binding, if it is one of its keys.
    public func action(for chord: KeyChord) -> KeyAction? {
        keys.firstIndex(of: chord).map { actions[$0] }
    }

    /// Every key and gesture, e.g. `← → h l wheel`.
    public var label: String { (keys.map(\.label) + mouse).joined(separator: " ") }

    /// The status line's `←→ page`: arrows run together, other keys stand apart. Keys in
    /// `shadowed` belong to a layer asked first (the open info panel's arrows), so the hint
    /// names the keys that still reach this binding.
    public func hintText(shadowed: Set<KeyChord> = []) -> String? {
        guard let hint else { return nil }
        let shown = keys.filter { !shadowed.contains($0) }.prefix(hintKeys)
        guard !shown.isEmpty else { return nil }
        let keys = shown.allSatisfy(\.isArrow) ? shown.map(\.label).joined() : shown.map(\.label).joined(separator: " ")
        return keys + " " + hint
    }
}
