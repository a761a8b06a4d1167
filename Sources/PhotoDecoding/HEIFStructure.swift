/// The boxes of a HEIF or AVIF file (ISO BMFF, ISO/IEC 23008-12) that a header needs, read
/// from its bytes without libheif: the primary item's size after its transformations (`clap`
/// crops, `irot` by 90° or 270° swaps the sides), and where its EXIF item lies. The decoders
/// apply the same transformations (libheif itself; `AVIFDecoder` after libavif), so the decoded
/// pixels are already upright.
struct HEIFStructure {
    private(set) var primaryItem: Int?
    /// Per item: its properties (1-based indices into `properties`) in the order associated.
    private var associations: [Int: [Int]] = [:]
    private var properties: [Property] = []
    private var itemTypes: [Int: String] = [:]
    /// Per item: its first extent (offset, length) in the file, for construction method 0.
    private var extents: [Int: (offset: Int, length: Int)] = [:]

    enum Property {
        case size(width: Int, height: Int)
        case rotation(quarterTurnsAnticlockwise: Int)
        case mirror
        case cleanAperture(width: Int, height: Int)
        case colour(ColourInfo)
        case other
    }

    /// The `colr` box: a profile's bytes are read from the file, nclx is four numbers.
    enum ColourInfo: Equatable {
        case nclx(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool)
        case profile(Range<Int>)
    }

    /// Reads the boxes from `bytes`; nil when there is no `meta` box in them, or it is broken.
    init?(_ bytes: UnsafeRawBufferPointer) {
        var sawMeta = false
        for box in Self.boxes(bytes, in: 0 ..< bytes.count) where box.type == "meta" {
            guard box.content.count >= 4 else { return nil }
            sawMeta = true
            parseMeta(bytes, box.content.lowerBound + 4 ..< box.content.upperBound)
        }
        guard sawMeta, primaryItem != nil else { return nil }
    }

    struct Box { let type: String; let content: Range<Int> }

    /// The boxes laid end to end in `range`; stops at the first one that does not fit.
    static func boxes(_ b: UnsafeRawBufferPointer, in range: Range<Int>) -> [Box] {
        var found: [Box] = [], at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = Int(bigEndian32(b, at)), header = 8
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: b[at + 4 ..< at + 8]), as: UTF8.self)
            if size == 1 {
                guard at + 16 <= range.upperBound else { break }
                size = TIFFStructure.read(b, at + 8, 8, bigEndian: true)
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header else { break }
            let end = at.addingReportingOverflow(size)
            // A box running past the bytes at hand (mdat, in a prefix) is listed up to there.
            found.append(Box(type: type, content: at + header ..< min(end.overflow ? range.upperBound : end.partialValue, range.upperBound)))
            if end.overflow || end.partialValue > range.upperBound { break }
            at = end.partialValue
        }
        return found
    }

    private mutating func parseMeta(_ b: UnsafeRawBufferPointer, _ range: Range<Int>) {
        for box in Self.boxes(b, in: range) {
            let c = box.content
            switch box.type {
            case "pitm" where c.count >= 6:
                primaryItem = b[c.lowerBound] == 0 ? read(b, c.lowerBound + 4, 2) : read(b, c.lowerBound + 4, 4)
            case "iprp":
                for child in Self.boxes(b, in: c) {
                    if child.type == "ipco" { properties = Self.boxes(b, in: child.content).map { Self.property(b, $0) } }
                    if child.type == "ipma" { parseAssociations(b, child.content) }
                }
            case "iinf" where c.count >= 6:
                let start = c.lowerBound + (b[c.lowerBound] == 0 ? 6 : 8)
                for entry in Self.boxes(b, in: start ..< c.upperBound) where entry.type == "infe" && entry.content.count >= 12 {
                    let e = entry.content.lowerBound, version = b[e]
                    guard version >= 2 else { continue }
                    let id = version == 2 ? read(b, e + 4, 2) : read(b, e + 4, 4)
                    let typeAt = e + (version == 2 ? 8 : 10)
                    guard typeAt + 4 <= entry.content.upperBound else { continue }
                    var type = String(decoding: UnsafeRawBufferPointer(rebasing: b[typeAt ..< typeAt + 4]), as: UTF8.self)
                    // XMP is a `mime` item: its name, then its content type, each ending in a NUL.
                    if type == "mime", let nameEnd = b[(typeAt + 4) ..< entry.content.upperBound].firstIndex(of: 0) {
                        let typeEnd = b[(nameEnd + 1) ..< entry.content.upperBound].firstIndex(of: 0) ?? entry.content.upperBound
                        if b[(nameEnd + 1) ..< typeEnd].elementsEqual("application/rdf+xml".utf8) { type = "XMP " }
                    }
                    itemTypes[id] = type
                }
            case "iloc": parseLocations(b, c)
            default: break
            }
        }
    }

    private mutating func parseAssociations(_ b: UnsafeRawBufferPointer, _ c: Range<Int>) {
        guard c.count >= 8 else { return }
        let version = b[c.lowerBound], wide = b[c.lowerBound + 3] & 1 == 1
        var at = c.lowerBound + 4
        let count = read(b, at, 4); at += 4
        for _ in 0 ..< min(count, 65536) {
            let idSize = version < 1 ? 2 : 4
            guard at + idSize + 1 <= c.upperBound else { return }
            let id = read(b, at, idSize); at += idSize
            let n = Int(b[at]); at += 1
            var indices: [Int] = []
            for _ in 0 ..< n {
                guard at + (wide ? 2 : 1) <= c.upperBound else { return }
                indices.append(wide ? read(b, at, 2) & 0x7FFF : Int(b[at] & 0x7F))
                at += wide ? 2 : 1
            }
            associations[id] = indices
        }
    }

    /// `iloc`: only the first extent of items stored in the file (method 0) is kept.
    private mutating func parseLocations(_ b: UnsafeRawBufferPointer, _ c: Range<Int>) {
        guard c.count >= 8 else { return }
        let version = b[c.lowerBound]
        var at = c.lowerBound + 4
        let offsetSize = Int(b[at] >> 4), lengthSize = Int(b[at] & 15), baseSize = Int(b[at + 1] >> 4)
        let indexSize = version >= 1 ? Int(b[at + 1] & 15) : 0
        at += 2
        let count = version < 2 ? read(b, at, 2) : read(b, at, 4)
        at += version < 2 ? 2 : 4
        for _ in 0 ..< min(count, 65536) {
            let id = version < 2 ? read(b, at, 2) : read(b, at, 4)
            at += version < 2 ? 2 : 4
            var method = 0
            if version >= 1 { method = read(b, at, 2) & 15; at += 2 }
            at += 2                                                    // data reference index
            let base = read(b, at, baseSize); at += baseSize
            let extentCount = read(b, at, 2); at += 2
            for index in 0 ..< extentCount {
                at += indexSize
                let offset = read(b, at, offsetSize); at += offsetSize
                let length = read(b, at, lengthSize); at += lengthSize
                if index == 0, method == 0 { extents[id] = (base + offset, length) }
            }
            guard at <= c.upperBound else { return }
        }
    }

    private static func property(_ b: UnsafeRawBufferPointer, _ box: Box) -> Property {
        let c = box.content
        switch box.type {
        case "ispe" where c.count >= 12:
            return .size(width: read(b, c.lowerBound + 4, 4), height: read(b, c.lowerBound + 8, 4))
        case "irot" where c.count >= 1:
            return .rotation(quarterTurnsAnticlockwise: Int(b[c.lowerBound] & 3))
        case "imir": return .mirror
        case "clap" where c.count >= 32:
            func fraction(_ i: Int) -> Double {
                let d = read(b, c.lowerBound + i + 4, 4)
                return d == 0 ? 0 : Double(Int32(truncatingIfNeeded: read(b, c.lowerBound + i, 4))) / Double(d)
            }
            return .cleanAperture(width: Int(fraction(0).rounded(.toNearestOrEven)), height: Int(fraction(8).rounded(.toNearestOrEven)))
        case "colr" where c.count >= 4:
            let kind = String(decoding: UnsafeRawBufferPointer(rebasing: b[c.lowerBound ..< c.lowerBound + 4]), as: UTF8.self)
            if kind == "nclx", c.count >= 11 {
                return .colour(.nclx(primaries: read(b, c.lowerBound + 4, 2), transfer: read(b, c.lowerBound + 6, 2),
                                     matrix: read(b, c.lowerBound + 8, 2), fullRange: b[c.lowerBound + 10] & 0x80 != 0))
            }
            if kind == "prof" || kind == "rICC" { return .colour(.profile(c.lowerBound + 4 ..< c.upperBound)) }
            return .other
        default: return .other
        }
    }

    private func primaryProperties() -> [Property] {
        guard let item = primaryItem else { return [] }
        return (associations[item] ?? []).compactMap { $0 >= 1 && $0 <= properties.count ? properties[$0 - 1] : nil }
    }

    /// The primary image's size as shown: its `ispe`, cropped by `clap`, turned by `irot`.
    var displaySize: (width: Int, height: Int)? {
        var size: (width: Int, height: Int)?
        for property in primaryProperties() {
            switch property {
            case let .size(w, h) where size == nil: size = (w, h)
            case let .cleanAperture(w, h):
                if let current = size, w > 0, h > 0 { size = (min(w, current.width), min(h, current.height)) }
            case let .rotation(turns) where turns & 1 == 1:
                size = size.map { ($0.height, $0.width) }
            default: break
            }
        }
        return size
    }

    /// The primary image's `colr`, when it has one.
    var colour: ColourInfo? {
        for case let .colour(info) in primaryProperties() { return info }
        return nil
    }

    /// Where the EXIF item lies in the file (its payload starts with a 4-byte offset to the TIFF header).
    var exifExtent: Range<Int>? {
        guard let id = itemTypes.first(where: { $0.value == "Exif" })?.key, let extent = extents[id], extent.length > 4 else { return nil }
        return extent.offset ..< extent.offset + extent.length
    }

    /// Where the XMP item lies in the file (a `mime` item of type application/rdf+xml).
    var xmpExtent: Range<Int>? {
        guard let id = itemTypes.first(where: { $0.value == "XMP " })?.key, let extent = extents[id], extent.length > 0 else { return nil }
        return extent.offset ..< extent.offset + extent.length
    }

    private static func read(_ b: UnsafeRawBufferPointer, _ offset: Int, _ length: Int) -> Int {
        TIFFStructure.read(b, offset, length, bigEndian: true)
    }
    private func read(_ b: UnsafeRawBufferPointer, _ offset: Int, _ length: Int) -> Int { Self.read(b, offset, length) }
}
