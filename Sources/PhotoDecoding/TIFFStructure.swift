/// The directories of a TIFF-structured file (TIFF, BigTIFF, and the camera RAWs built on it),
/// read from its bytes without libtiff: enough for a header (size, orientation) and for telling
/// a camera's RAW from a scanner's TIFF. Every offset is checked against the bytes at hand: an
/// entry that points past them is simply not there.
struct TIFFStructure {
    let bytes: UnsafeRawBufferPointer
    let bigEndian: Bool
    let isBig: Bool
    let firstDirectory: Int

    struct Entry { let tag: Int; let type: Int; let count: Int; let valueOffset: Int }

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else { return nil }
        self.bytes = bytes
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        let version = Self.read(bytes, 2, 2, bigEndian: bigEndian)
        // ORF ("IIRO"/"MMOR") and RW2 ("IIU") use their own version numbers over TIFF directories.
        isBig = version == 43
        if isBig {
            guard bytes.count >= 16 else { return nil }
            firstDirectory = Self.read(bytes, 8, 8, bigEndian: bigEndian)
        } else {
            firstDirectory = Self.read(bytes, 4, 4, bigEndian: bigEndian)
        }
    }

    static func read(_ b: UnsafeRawBufferPointer, _ offset: Int, _ length: Int, bigEndian: Bool) -> Int {
        // Offsets come from the file, up to 2⁶³ − 1: compared without adding, so none overflows.
        guard offset >= 0, length <= 8, offset <= b.count - length else { return 0 }
        var value: UInt64 = 0
        for i in 0 ..< length {
            let byte = UInt64(b[offset + (bigEndian ? i : length - 1 - i)])
            value = value << 8 | byte
        }
        return Int(truncatingIfNeeded: value & 0x7FFF_FFFF_FFFF_FFFF)
    }

    func read(_ offset: Int, _ length: Int) -> Int { Self.read(bytes, offset, length, bigEndian: bigEndian) }

    /// The entries of the directory at `offset`, nil when it does not lie within the bytes.
    func entries(at offset: Int) -> [Entry]? {
        let countSize = isBig ? 8 : 2, entrySize = isBig ? 20 : 12
        guard offset >= 8, offset <= bytes.count - countSize else { return nil }
        let count = read(offset, countSize)
        guard count > 0, count < 4096, offset <= bytes.count - countSize - count * entrySize else { return nil }
        return (0 ..< count).map { index in
            let at = offset + countSize + index * entrySize
            return Entry(tag: read(at, 2), type: read(at + 2, 2), count: read(at + 4, isBig ? 8 : 4), valueOffset: at + (isBig ? 12 : 8))
        }
    }

    /// Where the directory after the one at `offset` starts (0 at the end).
    func nextDirectory(after offset: Int) -> Int {
        let countSize = isBig ? 8 : 2, entrySize = isBig ? 20 : 12
        let count = read(offset, countSize)
        guard count < 4096, offset >= 0, offset <= bytes.count else { return 0 }
        return read(offset + countSize + count * entrySize, isBig ? 8 : 4)
    }

    /// The first value of an entry as an integer (SHORT, LONG, LONG8 or BYTE).
    func value(_ entry: Entry) -> Int {
        values(entry, limit: 1).first ?? 0
    }

    /// Up to `limit` integer values of an entry, read where they are stored (inline when they fit).
    func values(_ entry: Entry, limit: Int = 64) -> [Int] {
        let size: Int
        switch entry.type {
        case 1, 2, 6, 7: size = 1
        case 3, 8: size = 2
        case 4, 9, 13: size = 4
        case 16, 17, 18: size = 8
        default: return []
        }
        let count = min(entry.count, limit)
        let inline = entry.count <= (isBig ? 8 : 4) / size
        let start = inline ? entry.valueOffset : read(entry.valueOffset, isBig ? 8 : 4)
        guard start >= 0, start <= bytes.count - count * size else { return [] }
        return (0 ..< count).map { read(start + $0 * size, size) }
    }

    /// Where an entry's data lies and how long it is (for UNDEFINED blobs such as an ICC profile).
    func span(_ entry: Entry) -> Range<Int>? {
        let inline = entry.count <= (isBig ? 8 : 4)
        let start = inline ? entry.valueOffset : read(entry.valueOffset, isBig ? 8 : 4)
        let (end, overflow) = start.addingReportingOverflow(entry.count)
        return overflow || start < 0 ? nil : start ..< end
    }

    /// Tags that only a camera's RAW carries in its first directory (DNGVersion, CFA pattern,
    /// a CFA or LinearRaw photometric), or the layout cameras use: a reduced-size first image
    /// with the sensor data in a sub-directory (NEF, ARW, PEF, SRW).
    static func looksLikeRaw(_ head: [UInt8], extensionHint: String) -> Bool {
        head.withUnsafeBytes { raw in
            if raw.count >= 10, raw[8] == UInt8(ascii: "C"), raw[9] == UInt8(ascii: "R") { return true }   // CR2
            guard let tiff = TIFFStructure(raw), let entries = tiff.entries(at: tiff.firstDirectory) else {
                return ImageFormat.rawExtensions.contains(extensionHint)
            }
            let tags = Dictionary(entries.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
            if tags[0xC612] != nil || tags[0x828E] != nil { return true }
            if let photometric = tags[262].map(tiff.value), [32803, 34892].contains(photometric) { return true }
            if let subfile = tags[254].map(tiff.value), subfile & 1 == 1, tags[330] != nil, tags[271] != nil { return true }
            return ImageFormat.rawExtensions.contains(extensionHint)
        }
    }
}
