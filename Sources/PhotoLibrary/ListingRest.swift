import FoundationEssentials
import PhotoPagerBase

/// The rest of a long folder listing (`PhotoLibrary.load(_:lazily:preferRaw:listingFirst:)`):
/// files known by their paths only, in the listing's order, to become photos (listed by name,
/// their headers unread) in slices while the first screen is already shown.
public struct ListingRest: Sendable {
    let paths: [String]
    /// A shown file's other file (the RAW beside its JPEG).
    let companions: [String: String]
    let sidecars: SidecarIndex

    public var count: Int { paths.count }

    /// The photos of the files at `range` (of `0 ..< count`), in order.
    public func photos(_ range: Range<Int>) -> [LibraryPhoto] {
        paths[range].map { Self.placeholder($0, companions: companions, sidecars: sidecars) }
    }

    /// A file listed by name only, with its companion if it has one, its sidecars and the
    /// rating they give (read now: the grid shows it before any header is read).
    static func placeholder(_ path: String, companions: [String: String], sidecars index: SidecarIndex) -> LibraryPhoto {
        let companion = companions[path]
        let sidecars = index.sidecars(of: [path] + (companion.map { [$0] } ?? []))
        let culling = index.culling(sidecars: sidecars, file: path)
        var item = LocalPhoto.placeholder(url: URL(filePath: path, directoryHint: .notDirectory), path: path,
                                          companions: companion.map { [URL(fileURLWithPath: $0)] } ?? [], sidecars: sidecars,
                                          orientation: culling.orientation)
        item.photo.rating = culling.rating
        return item
    }
}
