import PhotoPagerBase
import TerminalGraphics

extension FrameWriter {
    /// Sends the image part of the frame, after the text: kitty placements that changed are
    /// deleted, evicted kitty images freed, then each image that needs it is transmitted, placed or
    /// drawn, in the frame's order.
    mutating func drawImages(_ plan: inout ImagePlan, into out: inout [UInt8], kittyData: inout [UInt8],
                             sixels: inout [RenderedFrame.Sixel], placements: inout [RenderedFrame.Placement]) {
        var current: [UInt32: [KittyPlacement]] = [:]
        for item in plan.items {
            if let id = item.kittyID { current[id, default: []].append(KittyPlacement(rect: item.rect, crop: item.crop)) }
        }
        let evicted = Set(plan.evictedKittyIDs)
        for (id, placed) in kittyPlacements.sorted(by: { $0.key < $1.key })
        where current[id] != placed && !evicted.contains(id) {
            out.append(contentsOf: KittyTransmission.deletePlacements(imageID: id))
        }
        // Evicted ids may be reused by this frame's transmissions, so they are freed before them.
        for id in plan.evictedKittyIDs { kittyData.append(contentsOf: KittyEncoder.delete(imageID: id)) }

        if !plan.items.isEmpty {
            // Image bytes are not text: no hyperlink or colour of ours may apply to them.
            screen.setLink(nil, into: &out)
        }
        for index in plan.items.indices {
            let item = plan.items[index]
            if let id = item.kittyID {
                kittyData.append(contentsOf: item.bytes)              // empty when already transmitted
                if let placed = placeKitty(item, id: id, changed: current[id] != kittyPlacements[id], into: &out) {
                    placements.append(.init(bytes: placed, rect: item.rect))
                }
            } else if item.redraw {
                let owner = draw(item, erasing: !repaintsWhole(item), into: &out)
                plan.items[index].owner = owner
                if item.kind == .sixel {
                    sixels.append(.init(bytes: out.count - item.bytes.count ..< out.count, owner: owner,
                                        content: item.content, rect: item.rect))
                }
            }
        }
        kittyPlacements = current
        drawnImages = plan.items.filter { $0.kittyID == nil }
            .map { DrawnImage(rect: $0.rect, content: $0.content, kind: $0.kind, owner: $0.owner) }
    }

    /// Places a kitty image when its id's placements changed (all of that id's placements were
    /// deleted above, so each is placed again); its transmission went out before the frame.
    /// Returns where the placement command lies in `out`, if one was written.
    private mutating func placeKitty(_ item: ImagePlan.Item, id: UInt32, changed: Bool, into out: inout [UInt8]) -> Range<Int>? {
        guard changed else { return nil }
        screen.moveCursor(column: item.rect.x, row: item.rect.y, into: &out)
        let start = out.count
        out.append(contentsOf: KittyEncoder.placement(imageID: id, cells: CellSize(columns: item.rect.width, rows: item.rect.height),
                                                      crop: item.crop))
        // `C=1` keeps the cursor put, but a terminal that ignores it would not: do not rely on it.
        screen.cursor = nil
        return start ..< out.count
    }

    /// Whether `item` paints every pixel the image before it in its box did: the same kind and
    /// pixel size in the same box, still whole on screen (an animation's next frame, a pan).
    /// Then the box is not erased first — in a terminal without synchronized updates (xterm)
    /// the erase would show as a flash of background between frames.
    private func repaintsWhole(_ item: ImagePlan.Item) -> Bool {
        guard item.kind == .sixel || item.kind == .iterm2 else { return false }
        return drawnImages.contains { drawn in
            drawn.rect == item.rect && drawn.kind == item.kind && drawn.content.pixelSize == item.content.pixelSize
                && cells(of: item.rect, columns: screen.columns, allSatisfy: { screen.owners[$0] == drawn.owner })
        }
    }

    /// Draws a pixel or text image at its box's top-left corner, after erasing the box (unless
    /// `erasing` is false) so nothing stale shows where the new image paints nothing. Returns
    /// its draw number.
    private mutating func draw(_ item: ImagePlan.Item, erasing: Bool, into out: inout [UInt8]) -> Int {
        let rect = item.rect
        screen.resetStyle(into: &out)
        for row in rect.y..<rect.maxY where erasing {
            screen.moveCursor(column: rect.x, row: row, into: &out)
            OutputSequence.appendEraseCharacters(rect.width, to: &out)
        }
        screen.moveCursor(column: rect.x, row: rect.y, into: &out)
        if item.kind.drawsWithText {
            out.append(contentsOf: TextImageBytes.relocated(item.bytes, toColumn: rect.x))
        } else {
            out.append(contentsOf: item.bytes)
        }
        drawCount += 1
        screen.markImage(rect, owner: drawCount)
        return drawCount
    }
}
