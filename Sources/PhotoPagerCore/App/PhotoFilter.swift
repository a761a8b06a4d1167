import PhotoPagerBase

/// `/`: the grid narrowed to the photos whose file name, photographer or description holds the
/// text typed (any case), as it is typed. Enter keeps the filter, Esc clears it. The photo
/// looked at stays selected when it survives; marks are by photo, so they survive too.
public struct PhotoFilter: Sendable, Hashable {
    public internal(set) var text = ""
    /// The prompt is open: keys type into it.
    public internal(set) var isEditing = true
    /// Every photo, while `PhotoList.photos` holds those that match.
    public internal(set) var all: [Photo]
    /// The photo selected before the text matched nothing, to select again when it matches.
    var anchor: String?
    /// A source that searches (an Unsplash feed): the text is a search, sent with Enter, not a
    /// filter of what is loaded.
    public internal(set) var isSearch = false
    /// `X`: the rejected are left out while culling.
    public internal(set) var hidesRejected = false

    /// Whether `photo` is shown under this filter.
    func matches(_ photo: Photo) -> Bool {
        !(hidesRejected && photo.rating == -1) && Self.matches(photo, text)
    }

    /// Whether `photo` matches `text` (every photo matches an empty text): `rating>=3` style
    /// terms (`>=`, `<=`, `>`, `<`, `=`; -1 is rejected, 0 unrated) about its stars, the rest
    /// a part of its file name, photographer or description.
    static func matches(_ photo: Photo, _ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        let (terms, words) = RatingTerm.split(text)
        guard terms.allSatisfy({ $0.admits(photo.rating ?? 0) }) else { return false }
        guard !words.isEmpty else { return true }
        let wanted = words.lowercased()
        let fields = [PhotoSort.fileName(photo), photo.user.name, photo.user.username, photo.description, photo.altDescription]
        return fields.contains { $0?.lowercased().contains(wanted) == true }
    }
}
