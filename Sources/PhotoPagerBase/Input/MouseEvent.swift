/// A mouse report: what happened, where (0-based cell), and which modifiers were held.
///
/// Terminals count cells from 1; the decoder converts to 0-based once, here, so layout code
/// compares against its own 0-based rects without off-by-one fixes scattered around.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable {
        case left, middle, right
        /// X11 buttons 8–11 (back, forward, …), as SGR reports them with bit 128.
        case extra(Int)
        /// The legacy X10 encoding reports every release as "button 3", without saying which.
        case unspecified
    }

    public enum Action: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case drag(Button)
        /// Motion with no button held (only with any-event tracking, mode 1003).
        case move
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    public var action: Action
    public var column: Int
    public var row: Int
    public var modifiers: KeyModifiers

    public init(action: Action, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

extension MouseEvent {
    /// Decodes xterm's button code (shared by SGR and X10): low two bits the button, +4 shift,
    /// +8 alt, +16 ctrl, +32 motion, +64 wheel, +128 extra buttons. `column`/`row` are 0-based.
    init(code: Int, column: Int, row: Int, released: Bool) {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        let low = code & 3
        let action: Action
        if code & 128 != 0 {
            let button = Button.extra(8 + low)
            action = code & 32 != 0 ? .drag(button) : released ? .release(button) : .press(button)
        } else if code & 64 != 0 {
            action = [Action.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else {
            let button = [Button.left, .middle, .right, nil][low]
            if code & 32 != 0 {
                action = button.map(Action.drag) ?? .move
            } else if released {
                action = .release(button ?? .unspecified)
            } else {
                // Code 3 without motion is X10's "some button was released".
                action = button.map(Action.press) ?? .release(.unspecified)
            }
        }
        self.init(action: action, column: max(column, 0), row: max(row, 0), modifiers: modifiers)
    }

    /// The legacy X10 report `ESC [ M Cb Cx Cy`: each byte offset by 32, cells 1-based; bytes
    /// below 32 cannot occur in a real report.
    init?(x10 code: UInt8, _ column: UInt8, _ row: UInt8) {
        guard code >= 32, column >= 32, row >= 32 else { return nil }
        self.init(code: Int(code) - 32, column: Int(column) - 33, row: Int(row) - 33, released: false)
    }
}
