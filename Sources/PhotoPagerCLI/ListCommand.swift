import FoundationEssentials
import PhotoLibrary
import PhotoPagerCore

/// `photopager list`: the photos as tab-separated lines, or as Unsplash-shaped JSON.
struct ListCommand {
    let json: Bool

    func run(library result: Result<PhotoLibrary, PhotoLibrary.LoadError>) -> Int32 {
        let library: PhotoLibrary
        switch result {
        case .success(let loaded): library = loaded
        case .failure(let error): Console.report(error.description); return 1
        }
        let failed = Console.reportLoad(library, notesAreProblems: false)
        let photos = library.photos.map(\.photo)
        Console.out(json ? Self.json(photos) : Self.lines(photos))
        return failed ? 1 : 0
    }

    /// INDEX<TAB>WIDTHxHEIGHT<TAB>PHOTOGRAPHER<TAB>SHARE_URL, index from 1. Sanitising also
    /// turns tabs in names into spaces, so the columns stay parseable.
    static func lines(_ photos: [Photo]) -> String {
        photos.enumerated().map { index, photo in
            let name = TerminalText.sanitized(photo.user.name ?? photo.user.username ?? "")
            let url = TerminalText.sanitized(ShareLink.url(for: photo) ?? "")
            return "\(index + 1)\t\(photo.width)x\(photo.height)\t\(name)\t\(url)\n"
        }.joined()
    }

    static func json(_ photos: [Photo]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = (try? encoder.encode(photos)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
