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
        return escapingControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSONEncoder escapes only U+0000–U+001F; DEL, the C1 controls (U+009B is a CSI) and the
    /// bidi and other format characters of API text are escaped too, so `list --json` printed to
    /// a terminal cannot drive it. Outside strings JSON is plain ASCII, so this touches strings only.
    static func escapingControls(_ json: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            let value = scalar.value
            if (0x7F ... 0x9F).contains(value) || scalar.properties.generalCategory == .format {
                let hex = String(value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
