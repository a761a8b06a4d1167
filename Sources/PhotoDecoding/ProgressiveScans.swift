/// Progressive JPEGs store a whole coarse image first and refine it scan by scan. When the
/// IDCT is going to shrink the photo to 1/8 or 1/4 anyway, only the first few coefficients of
/// each 8×8 block are ever used, and the scans that carry the rest (most of the file) can be
/// skipped: the prefix up to the last scan we need, plus an end-of-image marker, is itself a
/// valid progressive JPEG. For a 17.9 MP camera photo this cuts decoding several-fold.
enum ProgressiveScans {
    /// The highest zig-zag coefficient index the scaled IDCT reads when it scales by
    /// `num/denom`: it turns each 8×8 block into N×N pixels (N = 8·num/denom) from the block's
    /// top-left N×N coefficients, whose last one in zig-zag order has these indices.
    /// nil = all 64 are needed.
    static func highestCoefficient(scaleNumerator num: Int, denominator: Int) -> Int? {
        guard (num * 8) % denominator == 0 else { return nil }
        switch num * 8 / denominator {
        case 1: return 0      // DC only
        case 2: return 4      // (1,1) is zig-zag index 4
        case 3: return 12
        case 4: return 24
        default: return nil
        }
    }

    /// Whether the frame header (SOF) says progressive; false for anything unreadable.
    static func isProgressive(_ b: UnsafeRawBufferPointer) -> Bool {
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) { i += 2; continue }
            if [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) { return true }
            if (0xC0 ... 0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) { return false }
            if marker == 0xDA || marker == 0xD9 { return false }
            i += 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
        }
        return false
    }

    /// The byte length of the shortest prefix holding every scan that codes coefficients
    /// 0…`needed` of every component for the first time, or nil when the file is not
    /// progressive or no shorter prefix suffices.
    static func prefixLength(_ b: UnsafeRawBufferPointer, needed: Int) -> Int? {
        var i = 2
        var components: Set<UInt8> = []
        var isProgressive = false
        var dcSeen: Set<UInt8> = []
        var acCoverage: [UInt8: Int] = [:]          // highest first-pass AC index per component
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) { i += 2; continue }
            if marker == 0xD9 { return nil }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            let start = i + 4, segmentEnd = i + 2 + length
            // A lying length means a broken file: decode it whole and let libjpeg judge it.
            guard length >= 2, segmentEnd <= b.count else { return nil }
            if marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE {
                isProgressive = true
                guard start + 6 <= segmentEnd else { return nil }
                let count = Int(b[start + 5])
                for c in 0 ..< count where start + 6 + c * 3 < segmentEnd { components.insert(b[start + 6 + c * 3]) }
            } else if (0xC0 ... 0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return nil                                   // baseline: every scan is needed
            }
            guard marker == 0xDA else { i = segmentEnd; continue }
            guard isProgressive, start < segmentEnd else { return nil }
            // SOS: Ns, (Cs, Td/Ta)×Ns, Ss, Se, Ah/Al.
            let ns = Int(b[start])
            guard start + 4 + ns * 2 <= segmentEnd else { return nil }
            let ids = (0 ..< ns).map { b[start + 1 + $0 * 2] }
            let ss = Int(b[start + 1 + ns * 2]), se = Int(b[start + 2 + ns * 2]), ah = b[start + 3 + ns * 2] >> 4
            if ah == 0 {
                for id in ids {
                    if ss == 0 { dcSeen.insert(id) }
                    if ss > 0 && ss <= (acCoverage[id] ?? 0) + 1 { acCoverage[id] = max(acCoverage[id] ?? 0, se) }
                }
            }
            let end = endOfEntropyData(b, from: segmentEnd)
            let satisfied = components.allSatisfy { dcSeen.contains($0) && (needed == 0 || (acCoverage[$0] ?? 0) >= needed) }
            if satisfied { return end < b.count - 2 ? end : nil }
            i = end
        }
        return nil
    }

    /// Entropy-coded data runs until a marker other than a stuffed 0xFF00 or a restart marker.
    private static func endOfEntropyData(_ b: UnsafeRawBufferPointer, from start: Int) -> Int {
        var i = start
        let count = b.count
        while i + 1 < count {
            if b[i] == 0xFF {
                let next = b[i + 1]
                if next != 0x00 && !(0xD0 ... 0xD7).contains(next) && next != 0xFF { return i }
            }
            i += 1
        }
        return count
    }
}
