/// Writes the sixel data of whole bands (six pixel rows each) from palette indices.
///
/// Per band: the commonest colour is laid as solid blocks across the band; each other colour
/// present gets a row of sixel characters, one bit per pixel row, over the columns where it
/// appears, painting over the first; rows are separated by `$` (back to column 0), bands by `-`.
/// Runs of four or more equal characters are compressed to `!n<char>`. The scratch memory is
/// raw and reused band after band: this loop runs for every pixel of every photo shown.
final class SixelBands {
    let width: Int
    let height: Int
    /// For each colour slot used in the current band, `width` sixel bit patterns.
    private let bits: UnsafeMutablePointer<UInt8>
    private let slotOfColour = UnsafeMutablePointer<Int16>.allocate(capacity: 256)
    private let colourOfSlot = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    private let firstColumn = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    private let lastColumn = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    private let pixelCount = UnsafeMutablePointer<Int>.allocate(capacity: 256)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bits = .allocate(capacity: 256 * width)
        slotOfColour.initialize(repeating: -1, count: 256)
    }

    deinit {
        bits.deallocate()
        slotOfColour.deallocate()
        colourOfSlot.deallocate()
        firstColumn.deallocate()
        lastColumn.deallocate()
        pixelCount.deallocate()
    }

    /// Appends bands `bands` (band b covers rows 6b…6b+5) to `out`, each followed by `-`
    /// except the image's last band.
    func encode(bands: Range<Int>, indices: UnsafePointer<UInt8>, into out: inout [UInt8]) {
        let bandCount = (height + 5) / 6
        for band in bands {
            encodeBand(band, indices: indices, into: &out)
            if band < bandCount - 1 { out.append(UInt8(ascii: "-")) }
        }
    }

    private func encodeBand(_ band: Int, indices: UnsafePointer<UInt8>, into out: inout [UInt8]) {
        let top = band * 6, rows = min(6, height - top), width = self.width
        var slots = 0
        for dy in 0 ..< rows {
            let row = indices + (top + dy) * width
            let bit = UInt8(1 << dy)
            for x in 0 ..< width {
                let colour = Int(row[x])
                var slot = Int(slotOfColour[colour])
                if slot < 0 {
                    slot = slots
                    slots += 1
                    slotOfColour[colour] = Int16(slot)
                    colourOfSlot[slot] = UInt8(colour)
                    firstColumn[slot] = x
                    lastColumn[slot] = x
                    pixelCount[slot] = 0
                    (bits + slot * width).initialize(repeating: 0, count: width)
                }
                bits[slot * width + x] |= bit
                pixelCount[slot] += 1
                if x < firstColumn[slot] { firstColumn[slot] = x }
                if x > lastColumn[slot] { lastColumn[slot] = x }
            }
        }
        // The band's commonest colour is painted first as solid blocks over the whole band, a few
        // bytes; the other colours then overwrite their own pixels (a later pass wins), so the
        // commonest colour's intricate pattern, usually the longest, is never written.
        var ground = 0
        for slot in 1 ..< max(1, slots) where pixelCount[slot] > pixelCount[ground] { ground = slot }
        if slots > 1 {
            out.append(UInt8(ascii: "#"))
            out.append(decimal: Int(colourOfSlot[ground]))
            Self.appendRun(of: UInt8((1 << rows) - 1), count: width, to: &out)
        }
        var first = slots <= 1
        for slot in 0 ..< slots {
            defer { slotOfColour[Int(colourOfSlot[slot])] = -1 }
            if slot == ground, slots > 1 { continue }
            if !first || slots > 1 { out.append(UInt8(ascii: "$")) }
            first = false
            out.append(UInt8(ascii: "#"))
            out.append(decimal: Int(colourOfSlot[slot]))
            let start = firstColumn[slot]
            Self.appendRun(of: 0, count: start, to: &out)
            Self.appendRuns(UnsafeBufferPointer(start: bits + slot * width + start, count: lastColumn[slot] - start + 1),
                            to: &out)
        }
    }

    /// Run-length encodes sixel bit patterns.
    private static func appendRuns(_ patterns: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        let n = patterns.count
        while i < n {
            let value = patterns[i]
            var j = i + 1
            while j < n && patterns[j] == value { j += 1 }
            appendRun(of: value, count: j - i, to: &out)
            i = j
        }
    }

    @inline(__always)
    private static func appendRun(of pattern: UInt8, count: Int, to out: inout [UInt8]) {
        guard count > 0 else { return }
        let character = pattern &+ 63
        if count >= 4 {
            out.append(UInt8(ascii: "!"))
            out.append(decimal: count)
            out.append(character)
        } else {
            for _ in 0 ..< count { out.append(character) }
        }
    }
}
