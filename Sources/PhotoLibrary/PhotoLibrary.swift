import FoundationEssentials
import PhotoDecoding
import PhotoPagerCore
import Synchronization

/// Turns what a person typed (files, folders, manifests; nothing = the bundled set) into the
/// ordered list of photos to browse. Problems with single items become notes, not failures:
/// one stray text file in ~/Pictures must not stop the whole run.
public struct PhotoLibrary: Sendable {
    public private(set) var photos: [LibraryPhoto] = []
    /// Files passed over on purpose, worded for stderr ("skipped notes.txt: not an image").
    public private(set) var notes: [String] = []
    /// Sources that should have given photos and failed: a missing path, an unreadable or
    /// corrupt image header, a broken manifest. The run goes on; its exit status says so.
    public private(set) var problems: [String] = []

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Loads every source in order; one bad source never stops the others. Files are read
    /// on every core (a header each), which is what a folder of thousands of photos waits on;
    /// the results keep the walk's order.
    public static func load(_ arguments: [String]) -> PhotoLibrary {
        var library = PhotoLibrary()
        var walker = PathWalker()
        let files = arguments.flatMap { walker.files(under: URL(fileURLWithPath: $0)) }
        let outcomes = Mutex([FileOutcome?](repeating: nil, count: files.count))
        ParallelRows.forEach(files.count, minimumRows: 16) { _, range in
            for index in range {
                let outcome = FileOutcome(file: files[index])
                outcomes.withLock { $0[index] = outcome }
            }
        }
        for case let outcome? in outcomes.withLock({ $0 }) { library.add(outcome) }
        library.problems = walker.problems + library.problems
        return library
    }

    /// The bundled sample set that `photopager` shows when given nothing.
    public static func bundled() throws -> PhotoLibrary {
        guard let manifest = BundledSamples.manifestURL() else {
            throw LoadError(description: "the bundled sample set is not installed (looked in \(BundledSamples.searchedPlaces().joined(separator: ", ")))")
        }
        return load([manifest.path])
    }

    private mutating func add(_ outcome: FileOutcome) {
        switch outcome {
        case .photo(let photo): photos.append(photo)
        case .manifest(let url):
            // Manifests expand into many photos; they are few, so they load in order here.
            do { photos += try Manifest.load(url) } catch { problems.append("\(url.path): \(error)") }
        case .skipped(let note): notes.append(note)
        case .failed(let problem): problems.append(problem)
        }
    }
}

/// What one file turned out to be.
private enum FileOutcome: Sendable {
    case photo(LibraryPhoto)
    case manifest(URL)
    case skipped(String)
    case failed(String)

    init(file: URL) {
        do {
            let head = try FileBytes.read(file, limit: 64)
            if ImageFormat(magic: head) != nil {
                self = .photo(try LocalPhoto.make(url: file))
            } else if file.pathExtension.lowercased() == "json" || head.first(where: { !$0.isWhitespace }) == UInt8(ascii: "[") {
                self = .manifest(file)
            } else {
                self = .skipped("skipped \(file.path): not an image")
            }
        } catch {
            self = .failed("\(file.path): \(error)")
        }
    }
}

private extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
