import FoundationEssentials
import PhotoLibrary
import PhotoPagerBase

/// `photopager list`: the photos as tab-separated lines, or as Unsplash-shaped JSON.
struct ListCommand {
    let json: Bool
    var sort: PhotoSort?

    /// `load`: reads the library, handing its photos to the closure it is given as they are
    /// made (when the listing keeps the folder's order): 100,000 files print while they are
    /// read, and are never all in memory.
    func run(library load: (_ each: (([LibraryPhoto]) -> Void)?) -> Result<PhotoLibrary, PhotoLibrary.LoadError>) -> Int32 {
        var written = 0
        // Written a thousand photos at a time: 100,000 lines (or JSON objects) built as one
        // string first would be a second copy of the whole listing in memory.
        func write(_ photos: [Photo]) {
            for start in stride(from: 0, to: photos.count, by: 1000) {
                let chunk = Array(photos[start ..< min(start + 1000, photos.count)])
                if json {
                    Console.out((written > 0 ? ",\n" : "[\n") + Self.jsonElements(chunk))
                } else {
                    Console.out(Self.lines(chunk, firstIndex: written))
                }
                written += chunk.count
            }
        }
        let library: PhotoLibrary
        switch load(sort == nil ? { write($0.map(\.photo)) } : nil) {
        case .success(let loaded): library = loaded
        case .failure(let error): Console.report(error.description); return ExitStatus.failure
        }
        let failed = Console.reportLoad(library, notesAreProblems: false)
        write(sort.map { sort in sort.order(library.photos.map(\.photo)).map { library.photos[$0].photo } } ?? library.photos.map(\.photo))
        if json { Console.out(written > 0 ? "\n]\n" : Self.json([])) }
        if library.leftOut > 0 {
            Console.error("photopager: left out \(Self.grouped(library.leftOut)) file\(library.leftOut == 1 ? "" : "s") that \(library.leftOut == 1 ? "is not a photo" : "are not photos")")
        }
        return failed ? ExitStatus.failure : ExitStatus.ok
    }

    /// 1204 → "1,204".
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }

    /// INDEX<TAB>WIDTHxHEIGHT<TAB>PHOTOGRAPHER<TAB>SHARE_URL<TAB>RATING, index from 1; the
    /// rating is -1 (rejected) to 5, 0 unrated. Sanitising also turns tabs in names into
    /// spaces, so the columns stay parseable.
    static func lines(_ photos: [Photo], firstIndex: Int = 0) -> String {
        photos.enumerated().map { offset, photo in
            let index = firstIndex + offset
            let name = TerminalText.sanitized(photo.user.name ?? photo.user.username ?? "")
            let url = TerminalText.sanitized(ShareLink.url(for: photo) ?? "")
            return "\(index + 1)\t\(photo.width)x\(photo.height)\t\(name)\t\(url)\t\(photo.rating ?? 0)\n"
        }.joined()
    }

    /// The photos as the elements of a pretty-printed JSON array (each indented as in the whole
    /// array, joined by commas, no brackets), so a listing can be written in pieces and still
    /// read exactly as `json` would have printed it.
    static func jsonElements(_ photos: [Photo]) -> String {
        let encoder = jsonEncoder
        return photos.map { photo in
            let data = (try? encoder.encode(photo)) ?? Data("{}".utf8)
            let text = escapingControls(String(decoding: data, as: UTF8.self))
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
                .joined(separator: "\n")
        }.joined(separator: ",\n")
    }

    static func json(_ photos: [Photo]) -> String {
        // Encoding plain strings and numbers cannot fail.
        let data = (try? jsonEncoder.encode(photos)) ?? Data("[]".utf8)
        return escapingControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// One photo as one line of JSON (for `--print json`), controls escaped as in `json`.
    static func jsonLine(_ photo: Photo) -> String {
        let encoder = jsonEncoder
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingControls(String(decoding: (try? encoder.encode(photo)) ?? Data("{}".utf8), as: UTF8.self))
    }

    /// The Unsplash API's field names, sorted, slashes as they are.
    static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
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
