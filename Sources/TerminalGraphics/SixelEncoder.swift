import PhotoPagerBase
import PhotoDecoding

/// DEC sixel, written by this module: `SixelQuantizer` picks the palette, then the pixels are
/// mapped and the bands written on every core.
///
/// Why not `sixel_encode`: it is the slowest stage of the whole pipeline (~12 ms of writing
/// plus ~6 ms of mapping at 1000×667, single-threaded), while the job is simple enough to do
/// band-parallel: each worker maps and writes its own run of bands, and the pieces are joined.
/// The palette is refined to the mean of the pixels that chose each entry (one exact k-means
/// step over the pixels themselves).
public struct SixelEncoder: ImageEncoder {
    public var kind: RendererKind { .sixel }
    public var options: SixelOptions

    public init(options: SixelOptions = SixelOptions()) {
        self.options = options
    }

    /// The sixel image is exactly `image`'s pixel size: the terminal, not the cell box, decides how
    /// many cells that covers, so `cells` is only checked, not used.
    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard cells.columns > 0, cells.rows > 0 else {
            throw TerminalGraphicsError.badCellBox(cells, reason: "needs at least one cell")
        }
        let palette = SixelQuantizer.palette(image, colors: options.colors)
        let bandCount = (image.height + 5) / 6
        // One palette index per pixel; each worker writes and reads only its own bands' rows.
        let indices = SharedBuffer<UInt8>(count: image.width * image.height)
        defer { indices.base.deallocate() }
        let pieces = Pieces(count: ParallelRows.cores)
        // Small images are not worth waking a second core for: at least ~20 000 pixels each.
        ParallelRows.forEach(bandCount, minimumRows: max(1, 20_000 / (6 * image.width))) { worker, bands in
            let rows = bands.lowerBound * 6 ..< min(bands.upperBound * 6, image.height)
            var mapper = PaletteMapper(palette: palette)
            var sums = [Int](repeating: 0, count: palette.count * 4)
            mapper.map(image, rows: rows, into: indices.base, sums: &sums)
            var out: [UInt8] = []
            out.reserveCapacity(rows.count * image.width / 2)
            SixelBands(width: image.width, height: image.height).encode(bands: bands, indices: indices.base, into: &out)
            pieces.store(worker, bytes: out, sums: sums)
        }
        let (bodies, sums) = pieces.collect()
        return Self.document(width: image.width, height: image.height,
                             palette: PaletteMapper.refined(palette, sums: sums), used: sums, bodies: bodies)
    }

    /// DCS with P2 = 1 (pixels never drawn stay transparent, so the last partial band paints
    /// nothing below the image), raster attributes with the exact size, the palette entries in
    /// use in percent, the bands, ST.
    static func document(width: Int, height: Int, palette: [RGB], used: [Int], bodies: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bodies.reduce(64 + palette.count * 20) { $0 + $1.count })
        out.append(escape)
        out.append(ascii: "P0;1;0q\"1;1;")
        out.append(decimal: width)
        out.append(UInt8(ascii: ";"))
        out.append(decimal: height)
        for (i, colour) in palette.enumerated() where used[i * 4 + 3] > 0 {
            out.append(UInt8(ascii: "#"))
            out.append(decimal: i)
            out.append(ascii: ";2;")
            out.append(decimal: percent(colour.r))
            out.append(UInt8(ascii: ";"))
            out.append(decimal: percent(colour.g))
            out.append(UInt8(ascii: ";"))
            out.append(decimal: percent(colour.b))
        }
        for body in bodies { out.append(contentsOf: body) }
        out.append(escape)
        out.append(UInt8(ascii: "\\"))
        return out
    }

    static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }
}

/// Where the workers leave their bands and colour sums.
private final class Pieces: Sendable {
    private let slots: Locked<[(bytes: [UInt8], sums: [Int])?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func store(_ worker: Int, bytes: [UInt8], sums: [Int]) {
        slots.withLock { $0[worker] = (bytes, sums) }
    }

    /// The bodies in band order and the colour sums added up.
    func collect() -> ([[UInt8]], [Int]) {
        slots.withLock { slots in
            let pieces = slots.compactMap { $0 }
            var total = [Int](repeating: 0, count: pieces.first?.sums.count ?? 0)
            for piece in pieces { for i in total.indices { total[i] += piece.sums[i] } }
            return (pieces.map(\.bytes), total)
        }
    }
}
