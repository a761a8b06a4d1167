import PhotoPagerBase

/// Reads just enough of a sixel stream to know its size: the raster attributes
/// (`"Pan;Pad;Ph;Pv`) and the extent of the sixel data (`!` repeats, `$` carriage returns,
/// `-` next band), streaming, so megabytes of image never need to be kept.
struct SixelScanner: Sendable {
    private enum Mode: Sendable { case data, raster, colour, repeatCount }

    private var mode = Mode.data
    private var numbers: [Int] = []
    private var current = 0
    private var raster: [Int] = []
    private var x = 0
    private var band = 0
    private var widest = 0
    private var lastBandWithData = -1

    /// The declared raster size when present, else the painted extent (bands of 6 pixels).
    var size: PixelSize {
        if raster.count >= 4, raster[2] > 0, raster[3] > 0 {
            return PixelSize(width: raster[2], height: raster[3])
        }
        return PixelSize(width: widest, height: (lastBandWithData + 1) * 6)
    }

    mutating func feed(_ byte: UInt8) {
        if mode != .data {
            if (0x30...0x39).contains(byte) {
                current = min(100_000, current * 10 + Int(byte - 0x30))
                return
            }
            if byte == UInt8(ascii: ";"), mode != .repeatCount {
                numbers.append(current)
                current = 0
                return
            }
            numbers.append(current)
            finishParameters()
        }
        switch byte {
        case UInt8(ascii: "\""): startParameters(.raster)
        case UInt8(ascii: "#"): startParameters(.colour)
        case UInt8(ascii: "!"): startParameters(.repeatCount)
        case UInt8(ascii: "$"): x = 0
        case UInt8(ascii: "-"): x = 0; band += 1
        case 0x3F...0x7E: paint(1)
        default: break
        }
    }

    private mutating func startParameters(_ next: Mode) {
        mode = next
        numbers = []
        current = 0
    }

    /// A repeat introducer applies to the sixel character right after its count.
    private var repeatCount = 1

    private mutating func finishParameters() {
        switch mode {
        case .raster: if raster.isEmpty { raster = numbers }
        case .repeatCount: repeatCount = max(1, numbers.first ?? 1)
        case .colour, .data: break
        }
        mode = .data
    }

    private mutating func paint(_ count: Int) {
        x += repeatCount * count
        repeatCount = 1
        widest = max(widest, x)
        lastBandWithData = max(lastBandWithData, band)
    }
}
