/// A small seeded generator (SplitMix64), so the random tests are the same on every run and a
/// failure can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// `bytes` cut into consecutive chunks of 0…`maxLength` bytes (empty reads included).
    public mutating func chunks(of bytes: [UInt8], maxLength: Int) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + Int.random(in: 0...maxLength, using: &self), bytes.count)
            chunks.append(bytes[start..<end])
            start = end
        }
        return chunks
    }
}
