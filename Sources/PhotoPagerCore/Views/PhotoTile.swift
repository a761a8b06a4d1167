import PhotoPagerBase

/// How one photo appears in a rect: the decoded image, or what stands in for it.
///
/// Shared by the grid, the pager and fullscreen, so a photo looks the same everywhere while it
/// loads and when it fails.
enum PhotoTile {
    /// Braille spinner: one cell wide in every font, and it reads as motion at 10 frames a second.
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Draws photo `index` fitted as `fit`, clipped to `clip` (the area it belongs to).
    ///
    /// Ready and wholly inside `clip` → an ``ImagePlacement`` whose content is exactly the decode's
    /// (photo id + pixel size). A terminal cannot show part of an image, so a tile scrolled part-way
    /// out of its area shows its placeholder instead.
    /// `content`: what to show when ready (the pager's page, an animation's frame); by default
    /// the photo at the fit's size.
    static func draw(_ state: AppState, index: Int, fit: GridLayout.Fit, clip: Rect,
                     content: ImageContent? = nil, on canvas: inout Canvas) {
        let photo = state.photos[index]
        let content = content ?? fit.content(of: photo)
        guard let visible = fit.rect.intersection(clip) else { return }
        let whole = visible == fit.rect && fit.rect.intersection(canvas.bounds) == fit.rect
        switch state.loadState(of: content.decoded) {
        case .ready where whole:
            canvas.place(ImagePlacement(rect: fit.rect, content: content))
        case .drafted where whole:
            canvas.place(ImagePlacement(rect: fit.rect, content: content.decoded.asDraft))
        case .failed(let reason):
            drawError(reason, in: fit.rect, visible: visible, on: &canvas)
        case .ready:
            // Decoded, but part of the tile is scrolled off: a terminal cannot draw part of an
            // image, so the placeholder stands in, without a spinner (nothing is loading).
            drawPlaceholder(photo, phase: nil, in: fit.rect, visible: visible, on: &canvas)
        default:
            drawPlaceholder(photo, phase: state.images.loads.spinnerPhase, in: fit.rect, visible: visible, on: &canvas)
        }
    }

    /// The photo's BlurHash (Unsplash) or ThumbHash (Immich) as half-blocks when it has one,
    /// else its dominant colour, with a spinner in the middle: instant, and it already hints at
    /// the photo (as the Unsplash app does).
    static func drawPlaceholder(_ photo: Photo, phase: Int?, in rect: Rect, visible: Rect,
                                on canvas: inout Canvas) {
        let background = DominantColor.parse(photo.color) ?? .indexed(236)
        var style = Style(foreground: DominantColor.contrasting(background), background: background)
        canvas.fill(visible, style: style)
        let pixels = photo.blurHash.flatMap { BlurHash.decode($0, width: rect.width, height: rect.height * 2) }
            ?? photo.thumbHash.flatMap { ThumbHash(base64: $0) }.map {
                $0.rgb(width: rect.width, height: rect.height * 2, background: Self.placeholderGrey)
            }
        if let pixels, pixels.count == rect.width * rect.height * 2 {
            drawBlur(pixels, in: rect, visible: visible, on: &canvas)
            let centre = pixels[(rect.height / 2 * 2) * rect.width + rect.width / 2]
            style.background = .rgb(centre.r, centre.g, centre.b)
            style.foreground = DominantColor.contrasting(style.background)
        }
        let centre = Rect(x: rect.x, y: rect.y + rect.height / 2, width: rect.width, height: 1)
        guard let phase, visible.contains(column: rect.x + rect.width / 2, row: centre.y) else { return }
        let glyph = spinnerFrames[((phase % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
        canvas.writeCentered(String(glyph), in: centre, style: style)
    }

    /// What a transparent ThumbHash shows through: the placeholder's own grey (xterm's 236).
    static let placeholderGrey: (r: UInt8, g: UInt8, b: UInt8) = (48, 48, 48)

    /// Two blurred pixels per cell: `▀` with the upper one as foreground, the lower as background.
    private static func drawBlur(_ pixels: [(r: UInt8, g: UInt8, b: UInt8)], in rect: Rect,
                                 visible: Rect, on canvas: inout Canvas) {
        for row in visible.y ..< visible.maxY {
            for column in visible.x ..< visible.maxX {
                let top = pixels[(row - rect.y) * 2 * rect.width + column - rect.x]
                let bottom = pixels[((row - rect.y) * 2 + 1) * rect.width + column - rect.x]
                let style = Style(foreground: .rgb(top.r, top.g, top.b), background: .rgb(bottom.r, bottom.g, bottom.b))
                canvas.fill(Rect(x: column, y: row, width: 1, height: 1), with: "▀", style: style)
            }
        }
    }

    /// A dark red tile with the reason, wrapped: paging goes on past it.
    static func drawError(_ reason: String, in rect: Rect, visible: Rect,
                          on canvas: inout Canvas) {
        let style = Style(foreground: .indexed(15), background: .indexed(52))
        canvas.fill(visible, style: style)
        let inner = max(1, rect.width - 2)
        // The reason is what helps; the header shrinks to fit a thumbnail, and a one-row tile
        // shows only the reason.
        let header = TerminalText.displayWidth("✖ Can't show this photo") <= inner ? "✖ Can't show this photo" : "✖ Error"
        let lines = rect.height == 1
            ? TextWrap.lines("✖ " + reason, width: inner).prefix(1).map { $0 }
            : Array(([header] + TextWrap.lines(reason, width: inner)).prefix(rect.height))
        let top = rect.y + (rect.height - lines.count) / 2
        for (offset, line) in lines.enumerated() where visible.contains(column: visible.x, row: top + offset) {
            let row = Rect(x: visible.x, y: top + offset, width: visible.width, height: 1)
            canvas.writeCentered(line, in: row, style: offset == 0 ? bold(style) : style)
        }
    }

    private static func bold(_ style: Style) -> Style {
        var style = style
        style.bold = true
        return style
    }
}
