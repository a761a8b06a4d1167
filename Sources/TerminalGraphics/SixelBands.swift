/// Writes the sixel data of whole bands (six pixel rows each) from palette indices.
///
/// Per band, each colour present gets a pass: a row of sixel characters, one bit per pixel row,
/// painted in order of how many pixels the colour has, commonest first; passes are separated by
/// `$` (back to column 0), bands by `-`. Runs of four or more equal characters are compressed to
/// `!n<char>`. The scratch memory is raw and reused band after band: this loop runs for every
/// pixel of every photo shown.
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
    /// Per column, the bits the band's passes so far have painted.
    private let painted: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bits = .allocate(capacity: 256 * width)
        painted = .allocate(capacity: width)
        slotOfColour.initialize(repeating: -1, count: 256)
    }

    deinit {
        bits.deallocate()
        painted.deallocate()
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
        // Colours are painted commonest first, each pass over the pixels of the passes before it
        // (a later pass wins). So a pass may also set any bit not yet painted: a later colour
        // owns that pixel and will paint it. Each pass is written as the fewest runs of equal
        // characters that set its own pixels and leave earlier colours' alone; the commonest
        // colour becomes one solid run, and the rest mostly long runs instead of lace.
        let full = UInt8((1 << rows) - 1)
        let order = (0 ..< slots).sorted { pixelCount[$0] != pixelCount[$1] ? pixelCount[$0] > pixelCount[$1] : $0 < $1 }
        painted.initialize(repeating: 0, count: width)
        for (position, slot) in order.enumerated() {
            if position > 0 { out.append(UInt8(ascii: "$")) }
            out.append(UInt8(ascii: "#"))
            out.append(decimal: Int(colourOfSlot[slot]))
            let own = bits + slot * width
            appendFewestRuns(own: own, from: firstColumn[slot], through: lastColumn[slot], full: full, into: &out)
            for x in firstColumn[slot] ... lastColumn[slot] { painted[x] |= own[x] }
            slotOfColour[Int(colourOfSlot[slot])] = -1
        }
    }

    /// Greedy over the columns up to `last`: a run goes on while one character can still set
    /// every own bit seen (`need`) within the bits not painted yet (`allowed`); it is written as
    /// its `need`. Ending each run only when it must gives the fewest runs. Before `first` the
    /// colour has no pixels, so the first run cannot end there: those columns only narrow what
    /// it may set (an OR the compiler vectorises).
    @inline(__always)
    private func appendFewestRuns(own: UnsafeMutablePointer<UInt8>, from first: Int, through last: Int, full: UInt8,
                                  into out: inout [UInt8]) {
        var paintedBefore: UInt8 = 0
        for x in 0 ..< first { paintedBefore |= painted[x] }
        var start = 0, need: UInt8 = 0, allowed = full & ~paintedBefore
        for x in first ... last {
            let nextNeed = need | own[x], nextAllowed = allowed & ~painted[x]
            if nextNeed & ~nextAllowed != 0 {
                Self.appendRun(of: need, count: x - start, to: &out)
                start = x
                need = own[x]
                allowed = full & ~painted[x]
            } else {
                need = nextNeed
                allowed = nextAllowed
            }
        }
        Self.appendRun(of: need, count: last + 1 - start, to: &out)
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
