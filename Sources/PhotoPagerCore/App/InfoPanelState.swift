import PhotoPagerBase

/// `i`: the info panel, its cursor and which rows are open, and the full photo objects asked
/// for its rows.
///
/// Rows are named by field, not by photo, so an expanded "Camera" row stays expanded while the
/// person pages through photos: the rows a person opened are the fields they want to see.
///
/// An Unsplash photo is completed with its full object (exif, location) once the panel has
/// rested on it for a moment: a debounce through the shell's timer, so paging through with the
/// panel open (or holding an arrow) asks for nothing.
public struct InfoPanelState: Sendable, Hashable {
    public internal(set) var isShown = false
    public var selected: InfoField = .photographer
    public var expanded: Set<InfoField> = []
    /// Photos whose full object was asked for, or arrived (once per photo per run).
    public internal(set) var detailsRequested: Set<String> = []
    /// The photo the panel waits on before asking for its details.
    public internal(set) var detailsPending: String?

    public init() {}

    mutating func moveSelection(by step: Int) {
        let all = InfoField.allCases
        let index = all.firstIndex(of: selected) ?? 0
        selected = all[min(max(index + step, 0), all.count - 1)]
    }

    /// While the panel shows `photo` whose details were never asked for, a timer runs for it:
    /// an Unsplash photo (Unsplash answers for its photos, whoever listed them), or any photo
    /// of a source that gives details (`sourceDetails`).
    mutating func scheduleDetails(showing photo: Photo?, sourceDetails: Bool) -> [Effect] {
        guard isShown, let photo, photo.isFromUnsplash || sourceDetails, !detailsRequested.contains(photo.id) else {
            detailsPending = nil
            return []
        }
        guard detailsPending != photo.id else { return [] }
        detailsPending = photo.id
        return [.scheduleDetails(photoID: photo.id)]
    }

    /// The timer for `photoID` ran out: ask, if the panel still shows that photo.
    mutating func detailsDue(_ photoID: String, showing photo: Photo?) -> [Effect] {
        guard detailsPending == photoID, isShown, photo?.id == photoID else { return [] }
        detailsPending = nil
        detailsRequested.insert(photoID)
        return [.fetchDetails(photoID: photoID)]
    }
}
