
/// The info panel's cursor and which rows are open.
///
/// Rows are named by field, not by photo, so an expanded "Camera" row stays expanded while the
/// person pages through photos: the rows a person opened are the fields they want to see.
public struct InfoPanelState: Sendable, Hashable {
    public var selected: InfoField = .photographer
    public var expanded: Set<InfoField> = []

    public init() {}

    mutating func moveSelection(by step: Int) {
        let all = InfoField.allCases
        let index = all.firstIndex(of: selected) ?? 0
        selected = all[min(max(index + step, 0), all.count - 1)]
    }
}
