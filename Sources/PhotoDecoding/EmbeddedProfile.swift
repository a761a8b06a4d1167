import CZlib

/// Where each container keeps its colour profile, read from the file's bytes: a JPEG's APP2
/// `ICC_PROFILE` segments (in order, however many), a PNG's `iCCP` (deflated) before its
/// `sRGB`, then `cHRM` (libpng's simplified reader has already applied `gAMA`), a WebP's `ICCP`
/// chunk. (TIFF, HEIF, AVIF and JPEG XL profiles come from their decoders.)
enum EmbeddedProfile {
    /// Bigger profiles are ignored: the largest real ones (LUT-based print profiles) are ~2 MB.
    static let maximumLength = 16 << 20

    /// `nil` when the bytes end before every chunk is in (a header's prefix).
    static func jpeg(_ b: UnsafeRawBufferPointer) -> ColourSource? {
        var chunks: [Int: [UInt8]] = [:], i = 2, total = 0
        let signature = Array("ICC_PROFILE\0".utf8)
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }                 // the scan: no more segments
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            let start = i + 4, end = i + 2 + length
            guard length >= 2, end <= b.count else { break }
            if marker == 0xE2, end - start > 14, Array(b[start ..< start + 12]) == signature {
                chunks[Int(b[start + 12])] = Array(b[start + 14 ..< end])
                total = Int(b[start + 13])
            }
            i = end
        }
        if i + 4 > b.count, chunks.count < total { return nil }
        guard !chunks.isEmpty else { return .sRGB }
        let profile = chunks.keys.sorted().flatMap { chunks[$0]! }
        return profile.count <= maximumLength ? .icc(profile) : .sRGB
    }

    static func png(_ b: UnsafeRawBufferPointer) -> ColourSource {
        var i = 8, chromaticities: [Double]?
        while i + 12 <= b.count {
            let length = Int(bigEndian32(b, i)), start = i + 8
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: b[i + 4 ..< i + 8]), as: UTF8.self)
            guard length >= 0, start + length <= b.count else { break }
            let data = UnsafeRawBufferPointer(rebasing: b[start ..< start + length])
            switch type {
            case "iCCP":
                // Name, NUL, compression method (0), then the deflated profile.
                if let nul = data.firstIndex(of: 0), nul + 2 < data.count, let profile = inflate(UnsafeRawBufferPointer(rebasing: data[(nul + 2)...])) {
                    return .icc(profile)
                }
                return .sRGB
            case "sRGB": return .sRGB
            case "cHRM" where length == 32:
                chromaticities = (0 ..< 8).map { Double(bigEndian32(data, $0 * 4)) / 100_000 }
            case "IDAT": return chromaticities.map(ColourSource.chromaticities) ?? .sRGB
            default: break
            }
            i = start + length + 4
        }
        return chromaticities.map(ColourSource.chromaticities) ?? .sRGB
    }

    /// A 16-bit PNG that says nothing of its gamma (no gAMA, sRGB or iCCP sRGB), which libpng's
    /// simplified reader takes for linear light and puts on sRGB's curve when making 8 bits.
    static func pngIsLinear(_ b: UnsafeRawBufferPointer) -> Bool {
        guard b.count >= 33, b[24] == 16 else { return false }
        var i = 8
        while i + 12 <= b.count {
            let length = Int(bigEndian32(b, i))
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: b[i + 4 ..< i + 8]), as: UTF8.self)
            if type == "gAMA" || type == "sRGB" { return false }
            if type == "IDAT" { return true }
            guard length >= 0, i + 12 + length <= b.count else { break }
            i += 12 + length
        }
        return true
    }

    static func webp(_ b: UnsafeRawBufferPointer) -> ColourSource {
        var i = 12
        while i + 8 <= b.count {
            let length = Int(littleEndian32(b, i + 4)), start = i + 8
            guard start + length <= b.count else { break }
            if String(decoding: UnsafeRawBufferPointer(rebasing: b[i ..< i + 4]), as: UTF8.self) == "ICCP" {
                return length <= maximumLength ? .icc(Array(b[start ..< start + length])) : .sRGB
            }
            i = start + length + (length & 1)
        }
        return .sRGB
    }

    /// A zlib stream inflated, nil when broken or over `maximumLength`.
    static func inflate(_ compressed: UnsafeRawBufferPointer) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 64 * 1024)
        stream.next_in = UnsafeMutablePointer(mutating: compressed.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = UInt32(compressed.count)
        while true {
            let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(buffer.count)
                return CZlib.inflate(&stream, Z_NO_FLUSH)
            }
            output += chunk[0 ..< chunk.count - Int(stream.avail_out)]
            guard output.count <= maximumLength else { return nil }
            if status == Z_STREAM_END { return output }
            guard status == Z_OK, stream.avail_in > 0 || stream.avail_out == 0 else { return nil }
        }
    }
}
