/// `?`: the key map drawn over everything, and how far it is scrolled.
public struct KeyMapOverlay: Sendable, Hashable {
    public internal(set) var isShown = false
    /// Rows scrolled by.
    public internal(set) var scroll = 0

    mutating func open() {
        isShown = true
        scroll = 0
    }

    mutating func close() {
        isShown = false
    }

    /// Scrolled by `rows`, within 0 … `maximum`.
    mutating func scroll(by rows: Int, maximum: Int) {
        scroll = min(max(0, scroll + rows), maximum)
    }
}
