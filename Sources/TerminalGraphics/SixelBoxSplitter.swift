extension SixelQuantizer {
    /// Variance-driven median cut over histogram bins: the worst box is split where the two
    /// halves leave the least squared error.
    struct BoxSplitter {
        private var bins: [Bin]
        private var boxes: [Box] = []

        /// A run of `bins` with its totals: n, Σ n·m and Σ n·|m|² give the squared error.
        struct Box {
            var range: Range<Int>
            var count = 0.0
            var sum = Colour()
            var squares = 0.0

            var error: Double { count > 0 ? squares - (sum.r * sum.r + sum.g * sum.g + sum.b * sum.b) / count : 0 }
            var mean: Colour { count > 0 ? sum.scaled(1 / count) : sum }
        }

        init(bins: [Bin]) {
            self.bins = bins
            boxes = [measure(0 ..< bins.count)]
        }

        mutating func palette(colors: Int) -> [Colour] {
            while boxes.count < colors {
                // The box whose split gains most: the one with the largest error.
                guard let worst = boxes.indices.filter({ boxes[$0].range.count > 1 }).max(by: { boxes[$0].error < boxes[$1].error }),
                      boxes[worst].error > 0, let halves = split(boxes[worst]) else { break }
                boxes[worst] = halves.0
                boxes.append(halves.1)
            }
            return boxes.map(\.mean)
        }

        private func measure(_ range: Range<Int>) -> Box {
            var box = Box(range: range)
            for bin in bins[range] { add(bin, to: &box) }
            return box
        }

        private func add(_ bin: Bin, to box: inout Box) {
            let m = bin.mean
            box.count += bin.count
            box.sum.add(m, weight: bin.count)
            box.squares += bin.count * (m.r * m.r + m.g * m.g + m.b * m.b)
        }

        /// Splits on the axis of largest variance (others if that one has a single level), at the
        /// level that minimises the two halves' error; the box's bins are reordered by that axis.
        private mutating func split(_ box: Box) -> (Box, Box)? {
            let axes = (0 ..< 3).sorted { variance(box, $0) > variance(box, $1) }
            for axis in axes {
                // Totals per 5-bit level on this axis.
                var levels = [Box](repeating: Box(range: 0 ..< 0), count: 32)
                for bin in bins[box.range] { add(bin, to: &levels[bin.level(axis)]) }
                var left = Box(range: 0 ..< 0)
                var best: (level: Int, error: Double)?
                for level in 0 ..< 31 where levels[level].count > 0 {
                    left.count += levels[level].count
                    left.sum.add(levels[level].sum, weight: 1)
                    left.squares += levels[level].squares
                    guard left.count < box.count else { break }
                    var right = Box(range: 0 ..< 0)
                    right.count = box.count - left.count
                    right.sum = Colour(r: box.sum.r - left.sum.r, g: box.sum.g - left.sum.g, b: box.sum.b - left.sum.b)
                    right.squares = box.squares - left.squares
                    let error = left.error + right.error
                    if best == nil || error < best!.error { best = (level, error) }
                }
                guard let cut = best else { continue }
                // Bins at or below the cut first (a stable partition keeps the order deterministic).
                let slice = bins[box.range]
                let lower = slice.filter { $0.level(axis) <= cut.level }
                let upper = slice.filter { $0.level(axis) > cut.level }
                bins.replaceSubrange(box.range, with: lower + upper)
                let middle = box.range.lowerBound + lower.count
                return (measure(box.range.lowerBound ..< middle), measure(middle ..< box.range.upperBound))
            }
            return nil
        }

        private func variance(_ box: Box, _ axis: Int) -> Double {
            var sum = 0.0, squares = 0.0
            for bin in bins[box.range] {
                let v = bin.mean[axis]
                sum += bin.count * v
                squares += bin.count * v * v
            }
            return box.count > 0 ? squares - sum * sum / box.count : 0
        }
    }
}
