import PhotoPagerBase

extension FrameWriter {
    /// Writes every cell whose wanted content differs from what the terminal holds, skipping
    /// `covered` cells (an image is there). Cells left unknown by an image that has gone differ from
    /// everything, so this is also what repaints the text where an image used to be.
    mutating func writeText(_ frame: Frame, covered: [Bool], into out: inout [UInt8]) {
        var normalizer = CellNormalizer()
        let columns = frame.columns
        for row in 0..<frame.rows {
            let desired = normalizer.row(row, of: frame, covered: covered)
            for column in 0..<columns {
                guard let want = desired[column], screen.cells[row * columns + column] != want.cell else { continue }
                if want.width == 0 {
                    // The right half of a wide character that is itself unchanged was lost (its
                    // neighbour was overwritten): writing the wide character restores both halves.
                    if column > 0, let lead = desired[column - 1], lead.width == 2 {
                        screen.write(lead, column: column - 1, row: row, encoder: styleEncoder, into: &out)
                    }
                    continue
                }
                screen.write(want, column: column, row: row, encoder: styleEncoder, into: &out)
            }
        }
    }
}
