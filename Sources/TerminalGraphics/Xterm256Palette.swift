import PhotoDecoding

/// The xterm 256-colour palette and nearest-colour lookup into its fixed part.
///
/// Only indices 16...255 (the 6×6×6 cube and the 24-step grey ramp) are ever chosen: 0...15 are
/// the user's theme colours and can be anything, so a photo mapped onto them would come out in
/// whatever scheme the user picked.
public enum Xterm256Palette {
    /// The cube's channel levels, as xterm defines them (not evenly spaced: 0, then 95 + 40·n).
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB of a palette index in 16...255.
    public static func color(ofIndex index: Int) -> RGB {
        precondition((16...255).contains(index), "only the fixed part of the palette has known colours")
        if index >= 232 {
            let level = UInt8(8 + 10 * (index - 232))
            return RGB(r: level, g: level, b: level)
        }
        let cube = index - 16
        return RGB(r: cubeLevels[cube / 36], g: cubeLevels[cube / 6 % 6], b: cubeLevels[cube % 6])
    }

    /// The index in 16...255 whose colour is nearest to `colour` in plain RGB Euclidean distance,
    /// ties going to the lower index — exactly what a brute-force search over 16...255 returns,
    /// which is how the tests check it.
    ///
    /// Euclidean distance is separable, so the nearest cube entry is the nearest level per channel;
    /// the grey ramp is searched separately and the nearer of the two candidates wins.
    public static func nearestIndex(to colour: RGB) -> Int {
        let r = Int(nearestLevel[Int(colour.r)]), g = Int(nearestLevel[Int(colour.g)]), b = Int(nearestLevel[Int(colour.b)])
        let cubeIndex = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(colour, Int(cubeLevels[r]), Int(cubeLevels[g]), Int(cubeLevels[b]))

        var greyIndex = 232
        var greyDistance = Int.max
        for step in 0..<24 {
            let level = 8 + 10 * step
            let d = distance(colour, level, level, level)
            if d < greyDistance {
                greyDistance = d
                greyIndex = 232 + step
            }
        }
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    /// For each 8-bit value, the index of the nearest cube level (ties to the lower level).
    private static let nearestLevel: [UInt8] = (0...255).map { value in
        var best = 0
        for level in 1..<cubeLevels.count where abs(Int(cubeLevels[level]) - value) < abs(Int(cubeLevels[best]) - value) {
            best = level
        }
        return UInt8(best)
    }

    @inline(__always)
    private static func distance(_ c: RGB, _ r: Int, _ g: Int, _ b: Int) -> Int {
        let dr = Int(c.r) - r, dg = Int(c.g) - g, db = Int(c.b) - b
        return dr * dr + dg * dg + db * db
    }
}
