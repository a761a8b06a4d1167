import FoundationEssentials
import PhotoDecoding
import PhotoPagerCore

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

    /// Loads every source in order; one bad source never stops the others.
    public static func load(_ arguments: [String]) -> PhotoLibrary {
        var library = PhotoLibrary()
        var walker = PathWalker()
        for argument in arguments {
            for file in walker.files(under: URL(fileURLWithPath: argument)) {
                library.add(file: file)
            }
        }
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

    private mutating func add(file: URL) {
        do {
            let head = try FileBytes.read(file, limit: 64)
            if ImageFormat(magic: head) != nil {
                photos.append(try LocalPhoto.make(url: file))
                return
            }
            if file.pathExtension.lowercased() == "json" || head.first(where: { !$0.isWhitespace }) == UInt8(ascii: "[") {
                photos += try Manifest.load(file)
                return
            }
        } catch {
            problems.append("\(file.path): \(error)")
            return
        }
        notes.append("skipped \(file.path): not an image")
    }
}

private extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
