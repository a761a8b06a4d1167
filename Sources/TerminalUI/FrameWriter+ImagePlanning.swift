import PhotoPagerBase
import TerminalGraphics

extension FrameWriter {
    /// Resolves the frame's placements into an ``ImagePlan``.
    ///
    /// A placement is shown only when it lies entirely on screen (encoded bytes cannot be cropped)
    /// and its bytes are ready; sixel and iTerm2 images must also end above the last row, because
    /// those terminals move the cursor to the line below an image and scroll the whole screen when
    /// there is none. Everything not shown leaves the frame's own text visible in its box.
    mutating func planImages(in frame: Frame, images: (ImageContent) -> EncodedImage?) -> ImagePlan {
        var plan = ImagePlan(covered: Array(repeating: false, count: frame.columns * frame.rows))
        let screenRect = Rect(x: 0, y: 0, width: frame.columns, height: frame.rows)
        let placements = frame.images.filter { !$0.rect.isEmpty && $0.rect.intersection(screenRect) == $0.rect }

        kittyImages.beginFrame()
        // Mark every content the terminal already holds as used before registering new ones, so
        // an eviction can never remove an image this frame still shows.
        for placement in placements { _ = kittyImages.use(placement.content) }

        for placement in placements {
            guard let item = planItem(placement, rows: frame.rows, images: images, evicted: &plan.evictedKittyIDs)
            else { continue }
            plan.items.append(item)
            mark(item.rect, in: &plan.covered, columns: frame.columns)
        }
        decideRedraws(&plan, columns: frame.columns)
        return plan
    }

    private mutating func planItem(_ placement: ImagePlacement, rows: Int, images: (ImageContent) -> EncodedImage?,
                                   evicted: inout [UInt32]) -> ImagePlan.Item? {
        let rect = placement.rect, content = placement.content
        if let id = kittyImages.use(content) {
            return ImagePlan.Item(rect: rect, content: content, kind: .kitty, bytes: [], kittyID: id, crop: placement.crop)
        }
        guard let encoded = images(content), !encoded.bytes.isEmpty else { return nil }
        switch encoded.kind {
        case .kitty:
            guard KittyTransmission.isTransmission(encoded.bytes) else { return nil }
            let (id, dropped) = kittyImages.register(content)
            guard let bytes = KittyTransmission.retagged(encoded.bytes, imageID: id) else { return nil }
            evicted += dropped
            kittyUsed = true
            return ImagePlan.Item(rect: rect, content: content, kind: .kitty, bytes: bytes, kittyID: id, crop: placement.crop)
        case .sixel, .iterm2:
            guard rect.maxY < rows || !encoded.kind.scrollsAtLastRow else { return nil }
            return ImagePlan.Item(rect: rect, content: content, kind: encoded.kind, bytes: encoded.bytes)
        case .blocks, .caca:
            return ImagePlan.Item(rect: rect, content: content, kind: encoded.kind, bytes: encoded.bytes)
        }
    }

    /// Which pixel/text images must be drawn. One is intact when the same content was drawn in the
    /// same box and every cell of it still holds its pixels, or is about to be covered by an image
    /// drawn after it. Drawing one image disturbs those drawn after it that overlap it, so they are
    /// drawn again too, keeping the frame's stacking order.
    private func decideRedraws(_ plan: inout ImagePlan, columns: Int) {
        var coveredLater = [Bool](repeating: false, count: plan.covered.count)
        var intact = [Bool](repeating: false, count: plan.items.count)
        for index in plan.items.indices.reversed() where plan.items[index].kind != .kitty {
            let item = plan.items[index]
            if let drawn = drawnImages.first(where: { $0.rect == item.rect && $0.content == item.content && $0.kind == item.kind }),
               cells(of: item.rect, columns: columns, allSatisfy: { screen.owners[$0] == drawn.owner || coveredLater[$0] }) {
                intact[index] = true
                plan.items[index].owner = drawn.owner
            }
            mark(item.rect, in: &coveredLater, columns: columns)
        }
        var drawnThisFrame = [Bool](repeating: false, count: plan.covered.count)
        for index in plan.items.indices where plan.items[index].kind != .kitty {
            let rect = plan.items[index].rect
            if !intact[index] || !cells(of: rect, columns: columns, allSatisfy: { !drawnThisFrame[$0] }) {
                plan.items[index].redraw = true
                mark(rect, in: &drawnThisFrame, columns: columns)
            }
        }
    }

    private func mark(_ rect: Rect, in mask: inout [Bool], columns: Int) {
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX { mask[row * columns + column] = true }
        }
    }

    func cells(of rect: Rect, columns: Int, allSatisfy predicate: (Int) -> Bool) -> Bool {
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX where !predicate(row * columns + column) { return false }
        }
        return true
    }
}
