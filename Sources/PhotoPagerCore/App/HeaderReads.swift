/// Big folders open before every file's header is read: such photos start with their size
/// unknown, show a placeholder, and are asked for in the order the screen needs them; once a
/// header arrives the photo gets its size, date and camera, and its image is requested like
/// any other.
public struct HeaderReads: Sendable, Hashable {
    /// Photos whose file header is not read yet: no decode is asked for them until it arrives.
    public internal(set) var pending: Set<String>
    /// The last `.readHeaders` list sent, so the same one is not repeated every event.
    private var asked: [String] = []

    init(pending: Set<String>) {
        self.pending = pending
    }

    /// Tells the shell which headers are wanted first (`wanted`, most urgent first), when that
    /// changed.
    mutating func ask(_ wanted: [String]) -> [Effect] {
        guard wanted != asked else { return [] }
        asked = wanted
        return wanted.isEmpty ? [] : [.readHeaders(wanted)]
    }

    /// The header of `id` arrived or failed; whether it was pending.
    @discardableResult
    mutating func arrived(_ id: String) -> Bool {
        pending.remove(id) != nil
    }

    /// Every header stops being waited for (the photos were listed again).
    mutating func forgetAll() {
        pending = []
    }
}
