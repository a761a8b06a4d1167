import PhotoDecoding

/// The nearest palette entry by squared RGB distance, exact, without trying all 256: entries
/// sorted by green, the search starts at the pixel's green and walks outwards until the green
/// gap alone exceeds the best distance found (typically a few dozen entries).
struct NearestColour {
    private let greens: [Int]
    private let reds: [Int]
    private let blues: [Int]
    private let indices: [Int]

    init(_ palette: [RGB]) {
        let order = palette.indices.sorted { (palette[$0].g, $0) < (palette[$1].g, $1) }
        indices = order
        greens = order.map { Int(palette[$0].g) }
        reds = order.map { Int(palette[$0].r) }
        blues = order.map { Int(palette[$0].b) }
    }

    func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int { nearestTwo(r, g, b).0 }

    /// The nearest entry and the second nearest (the same one twice for a one-entry palette).
    func nearestTwo(_ r: Int, _ g: Int, _ b: Int) -> (Int, Int) {
        // First entry with green ≥ g.
        var low = 0, high = greens.count
        while low < high {
            let mid = (low + high) / 2
            if greens[mid] < g { low = mid + 1 } else { high = mid }
        }
        var best = 0, bestDistance = Int.max
        var second = 0, secondDistance = Int.max
        func consider(_ i: Int, _ d: Int) {
            if d < bestDistance {
                second = best; secondDistance = bestDistance
                best = i; bestDistance = d
            } else if d < secondDistance {
                second = i; secondDistance = d
            }
        }
        // Walk outwards while the green gap alone could still beat the second best.
        var up = low, down = low - 1
        while up < greens.count || down >= 0 {
            if up < greens.count {
                let dg = greens[up] - g
                if dg * dg >= secondDistance { up = greens.count } else {
                    let dr = reds[up] - r, db = blues[up] - b
                    consider(up, dr * dr + dg * dg + db * db)
                    up += 1
                }
            }
            if down >= 0 {
                let dg = g - greens[down]
                if dg * dg >= secondDistance { down = -1 } else {
                    let dr = reds[down] - r, db = blues[down] - b
                    consider(down, dr * dr + dg * dg + db * db)
                    down -= 1
                }
            }
        }
        return (indices[best], indices[secondDistance == Int.max ? best : second])
    }
}
