import Culling
import PhotoDecoding
import PhotoPagerBase

/// Which photos of a folder walk have XMP sidecars, from the names the walk met (no `stat`
/// per photo: a 100,000-photo folder stays as fast as without), and what the culling state of
/// a photo is: its sidecars' rating over the store's (read-only folders) over none.
struct SidecarIndex: Sendable {
    /// Photo file → its sidecars, preferred first; only photos that have one.
    private var byFile: [String: [String]] = [:]
    let store: RatingStore?

    /// `paths`, `extensions`: every file walked, and each one's lowercased extension.
    init(paths: [String], extensions: [String], store: RatingStore?) {
        self.store = store?.isEmpty == false ? store : nil
        guard extensions.contains("xmp") else { return }
        // Indexed from the sidecars' side: one name cut per sidecar, one lookup per photo (no
        // candidate names made for 100,000 photos that have none).
        var byOwner: [Substring: [String]] = [:]
        for (path, ext) in zip(paths, extensions) where ext == "xmp" { byOwner[path.dropLast(4), default: []].append(path) }
        for (path, ext) in zip(paths, extensions) where ext != "xmp" && !LocalPhoto.companionExtensions.contains(ext) {
            var found = byOwner[Substring(path)] ?? []
            // Lightroom's NAME.xmp belongs to a RAW alone.
            if ImageFormat.rawExtensions.contains(ext), let stem = Sidecars.stem(of: path) { found += byOwner[Substring(stem)] ?? [] }
            guard !found.isEmpty else { continue }
            let order = Sidecars.candidates(of: path, isRaw: ImageFormat.rawExtensions.contains(ext))
            byFile[path] = found.sorted { (order.firstIndex(of: $0) ?? order.count) < (order.firstIndex(of: $1) ?? order.count) }
        }
    }

    /// The sidecars of a photo's files (the shown one and its companion). A file the person
    /// named, which no walk of its folder listed, is looked for on the disk.
    func sidecars(of files: [String], named: Bool = false) -> [String] {
        files.flatMap { file in
            named ? Sidecars.onDisk(of: file, isRaw: ImageFormat.rawExtensions.contains(LocalPhoto.fileExtension(of: file)))
                : byFile[file] ?? []
        }
    }

    /// The rating and turn the sidecars give, else the store's for the shown file; nil when
    /// neither says (the photo's own then count).
    func culling(sidecars: [String], file: String) -> (rating: Int?, orientation: Int?) {
        let read = sidecars.isEmpty ? (rating: nil, orientation: nil) : Sidecars.read(sidecars)
        let kept = read.rating == nil || read.orientation == nil ? store?.entry(for: file) : nil
        return (read.rating ?? kept?.rating, read.orientation ?? kept?.orientation)
    }
}
