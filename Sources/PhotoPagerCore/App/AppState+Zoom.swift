import PhotoPagerBase

/// Zoom and pan in the pager (`PagerZoom` holds the math): the keys, the wheel at the pointer,
/// a drag, and what the pager draws while a zoomed view is still being decoded.
extension AppState {
    /// The zoom of the photo shown, nil at fit (another photo paged to is always at fit).
    public var activeZoom: PagerZoom? {
        guard mode == .pager, let zoom = pager.zoom, zoom.photoID == currentPhoto?.id else { return nil }
        return zoom
    }

    /// The photo's own pixel size, nil while its header is unread.
    func photoPixels(_ index: Int) -> PixelSize? {
        let photo = photos[index]
        guard photo.width > 0, photo.height > 0 else { return nil }
        return PixelSize(width: photo.width, height: photo.height)
    }

    /// The scale at which the photo shown fits: what `-` and the wheel come back to.
    var fitScale: Double? {
        let index = pager.currentIndex
        guard photos.indices.contains(index), let photo = photoPixels(index), let fit = fullPageFit(forPhotoAt: index) else { return nil }
        return Double(fit.pixelSize.width) / Double(photo.width)
    }

    /// The zoomed view of the photo shown, nil at fit.
    public var zoomView: PagerZoom.View? {
        guard let zoom = activeZoom, let photo = photoPixels(pager.currentIndex) else { return nil }
        var view = zoom.view(photo: photo, box: pagerBox, cell: screen.cellPixelSize)
        view.fit = view.fit.withHeight(inStepsOf: screen.imageHeightStep, cell: screen.cellPixelSize)
        return view
    }

    /// What the zoomed view shows, as a placement: where the terminal places part of an image,
    /// its part of the tile held (or of a new one around it); elsewhere the view's own pixels.
    var zoomPlacement: ImagePlacement? {
        guard let view = zoomView, let photo = currentPhoto else { return nil }
        guard screen.placesImageParts else {
            var content = ImageContent(photoID: photo.id, pixelSize: view.fit.pixelSize, window: view.window)
            content.orientation = photo.fileDetails?.orientation
        content.revision = photo.fileDetails?.revision ?? 0
            return ImagePlacement(rect: view.fit.rect, content: content)
        }
        let tile = zoomTile(for: view, photoID: photo.id)
        var content = tile.content
        content.orientation = photo.fileDetails?.orientation
        content.revision = photo.fileDetails?.revision ?? 0
        return ImagePlacement(rect: view.fit.rect, content: content, crop: tile.crop(showing: view, photoID: photo.id))
    }

    /// The tile held when it holds `view`, else a new one around it.
    private func zoomTile(for view: PagerZoom.View, photoID: String) -> ZoomTile {
        if let held = pager.zoomTile, held.crop(showing: view, photoID: photoID) != nil { return held }
        return ZoomTile.around(view, photoID: photoID)
    }

    /// `+` (1) or `-` (-1) around the middle of the view.
    mutating func zoom(by direction: Int) {
        guard let fit = fitScale, let photo = currentPhoto else { return }
        let current = activeZoom
        guard let scale = PagerZoom.stepped(from: current?.scale, by: direction, fit: fit) else { return setZoom(nil) }
        var zoomed = current ?? PagerZoom(photoID: photo.id, scale: scale)
        zoomed.scale = scale
        setZoom(zoomed)
    }

    /// A wheel notch at cell (`column`, `row`): zoomed keeping the photo's point under the pointer
    /// in place; out stops at fit, and the wheel never turns the page.
    mutating func wheelZoom(by direction: Int, column: Int, row: Int) {
        guard let fit = fitScale, let photo = currentPhoto, let pixels = photoPixels(pager.currentIndex) else { return }
        guard let scale = PagerZoom.stepped(from: activeZoom?.scale, by: direction, fit: fit) else { return setZoom(nil) }
        let box = pagerBox, cell = screen.cellPixelSize
        // The middle of the cell under the pointer, in the box's pixels.
        let point = ((column - box.x) * cell.width + cell.width / 2, (row - box.y) * cell.height + cell.height / 2)
        setZoom(PagerZoom.zoomed(activeZoom, photoID: photo.id, to: scale, fit: fit, at: point, photo: pixels,
                                 box: box, cell: cell))
    }

    /// Arrows and hjkl while zoomed: a fifth of the view.
    mutating func pan(columns: Int, rows: Int) {
        guard let zoom = activeZoom, let photo = photoPixels(pager.currentIndex) else { return }
        setZoom(zoom.panned(columns: columns, rows: rows, photo: photo, box: pagerBox, cell: screen.cellPixelSize))
    }

    /// A drag of the pointer by cells: the photo follows it.
    mutating func drag(columns: Int, rows: Int) {
        guard let zoom = activeZoom, let photo = photoPixels(pager.currentIndex) else { return }
        let cell = screen.cellPixelSize
        setZoom(zoom.panned(byPixels: -columns * cell.width, -rows * cell.height, photo: photo, box: pagerBox, cell: cell))
    }

    /// Every zoom change goes through here (see `PagerState.setZoom`).
    mutating func setZoom(_ new: PagerZoom?) {
        pager.setZoom(new, shown: zoomPlacement, isReady: { images.loads.state(of: $0) == .ready })
        if screen.placesImageParts, let view = zoomView, let photo = currentPhoto {
            pager.zoomTile = zoomTile(for: view, photoID: photo.id)
        }
    }

    /// The status line's zoom, e.g. "150%".
    var zoomLabel: String? {
        activeZoom.map { "\(Int(($0.scale * 100).rounded()))%" }
    }
}
