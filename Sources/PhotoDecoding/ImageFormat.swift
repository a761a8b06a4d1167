/// The encodings we decode, recognised by their first bytes: a file's extension is only a hint
/// that users and cameras get wrong.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif
    /// HEIF with HEVC (what iPhones save), and AVIF: the same ISO BMFF container, told apart by brand.
    case heif, avif
    case jxl, tiff
    /// Camera RAW (DNG, CR2, CR3, NEF, ARW, ORF, RW2, RAF, PEF…), shown by its embedded preview.
    case raw

    /// Sniffs the magic bytes at the start of a file; `nil` when it is not an image we decode.
    /// `extensionHint` only chooses between two formats the magic both allows (a TIFF and a
    /// camera RAW built on TIFF, when the first bytes do not say which).
    public init?(magic bytes: some Collection<UInt8>, extensionHint: String = "") {
        guard let format = Array(bytes.prefix(Self.magicLength)).withUnsafeBytes({ Self(magic: $0, extensionHint: extensionHint) })
        else { return nil }
        self = format
    }

    /// The same, on bytes in memory: the generic one's unspecialised walk over a collection
    /// cost a microsecond a file, twice a file, listing a folder.
    public init?(magic bytes: UnsafeRawBufferPointer, extensionHint: String = "") {
        // The signatures are all in the first 16 bytes; the rest is copied only for the formats
        // that look further (a copy of 4 kB per file was a twentieth of listing a folder).
        let start = Array(bytes.prefix(16))
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            start.count >= offset + sig.count && start[offset ..< offset + sig.count].elementsEqual(sig)
        }
        var head: [UInt8] { Array(bytes.prefix(Self.magicLength)) }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if ascii("RIFF") && ascii("WEBP", at: 8) {
            self = .webp
        } else if ascii("GIF87a") || ascii("GIF89a") {
            self = .gif
        } else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            self = .jxl
        } else if ascii("ftyp", at: 4), let brands = FileTypeBox(head) {
            guard let format = brands.imageFormat else { return nil }
            self = format
        } else if ascii("FUJIFILMCCD-RAW") || ascii("IIRO") || ascii("IIRS") || ascii("MMOR") || starts([0x49, 0x49, 0x55, 0])
                    || (ascii("II") && ascii("HEAPCCDR", at: 6)) || ascii("FOVb") {
            self = .raw                                     // RAF, ORF, RW2, CRW, X3F
        } else if ascii("II*\0") || ascii("MM\0*") || ascii("II+\0") || ascii("MM\0+") {
            self = TIFFStructure.looksLikeRaw(head, extensionHint: extensionHint) ? .raw : .tiff
        } else {
            return nil
        }
    }

    /// How many leading bytes `init(magic:)` looks at: an ISO BMFF file lists its brands in
    /// its first box, and a TIFF's first directory says whether it is a camera's RAW.
    public static let magicLength = 4096

    /// The extensions of camera RAW files, for telling one from a plain TIFF when the first
    /// directory does not say (and for a folder listed lazily).
    public static let rawExtensions: Set<String> = ["dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "orf",
                                                    "rw2", "raf", "pef", "srw", "x3f", "3fr", "iiq", "rwl", "mrw", "erf", "kdc", "dcr", "mos"]
}

/// An ISO BMFF file's `ftyp` box: its major brand and compatible brands.
struct FileTypeBox {
    let brands: [String]

    init?(_ head: [UInt8]) {
        guard head.count >= 16, Array(head[4 ..< 8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(max(size, 16), head.count)
        // The major brand, then (after the minor version) the compatible brands.
        let offsets = [8] + Array(stride(from: 16, to: end - 3, by: 4))
        brands = offsets.map { String(decoding: head[$0 ..< $0 + 4], as: UTF8.self) }
    }

    /// A still image we decode, or nil (a movie, a Canon CR3 is `.raw`).
    var imageFormat: ImageFormat? {
        if brands.contains("crx ") { return .raw }
        // AVIF first: an AVIF says mif1 too, a HEIC never says avif.
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return .avif }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains($0) }) { return .heif }
        return nil
    }
}
