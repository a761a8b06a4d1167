import PhotoPagerBase

/// The ways this module can draw a photo, best first in the order the picker prefers them.
public enum RendererKind: String, CaseIterable, Sendable {
    /// DEC sixel graphics (xterm -ti vt340, mlterm, foot, WezTerm, …).
    case sixel
    /// The kitty graphics protocol (kitty, ghostty, WezTerm).
    case kitty
    /// iTerm2's inline images, OSC 1337 `File=` with a PNG (iTerm2, WezTerm).
    case iterm2
    /// Upper-half-block characters, two pixels per cell, truecolor or xterm-256 SGR.
    case blocks
    /// libcaca's dithered coloured text, for the 16-colour Linux console and friends.
    case caca

    /// Whether the renderer draws text cells rather than pixels. Text renderers need an image of
    /// `columns × rows*2` "pixels" (two per cell, see `fittedBlockSize`), pixel renderers one of the
    /// box's real pixel size (see `fittedPixelSize`).
    public var drawsWithText: Bool {
        switch self {
        case .sixel, .kitty, .iterm2: return false
        case .blocks, .caca: return true
        }
    }

    /// Whether an image drawn at the cursor that reaches the screen's last row makes the terminal
    /// scroll (sixel in xterm moves the cursor below the image; iTerm2 images do the same), so
    /// such images must end above it.
    public var scrollsAtLastRow: Bool {
        self == .sixel || self == .iterm2
    }

    /// The pixel size to resize a photo to before encoding it with this renderer, and the cells the
    /// result covers. One entry point so callers cannot pair a renderer with the wrong grid.
    public func fit(imageWidth: Int, imageHeight: Int, box: CellSize,
                    cell: CellPixelSize, allowUpscaling: Bool = true) -> FittedSize {
        if drawsWithText {
            return fittedBlockSize(imageWidth: imageWidth, imageHeight: imageHeight, box: box,
                                   cell: cell, allowUpscaling: allowUpscaling)
        }
        return fittedPixelSize(imageWidth: imageWidth, imageHeight: imageHeight, box: box,
                               cell: cell, allowUpscaling: allowUpscaling)
    }

    /// An encoder with this module's defaults. `colorDepth` picks the half-block SGR form;
    /// `environment` tells libcaca whether it is on the Linux console (`TERM=linux`).
    /// `lineBreak` matters to the text renderers: `.newline` for one-shot output, a cursor move
    /// for a full-screen UI that places images anywhere.
    public func makeEncoder(colorDepth: ColorDepth = .truecolor, lineBreak: LineBreak = .newline,
                            environment: [String: String] = [:]) -> any ImageEncoder {
        switch self {
        case .sixel: return SixelEncoder()
        // Raw RGB locally: measured on the bench photos at 1000 px, PNG halves the bytes at best
        // (Storm 2.31 -> 1.20 MB, LadyBird only 2.47 -> 2.12 MB) for 26 ms more encoding, while a
        // local pty moves 2.3 MB in ~15 ms. Over ssh the bytes cost more than the encoding.
        case .kitty: return KittyEncoder(format: environment["SSH_CONNECTION"] == nil ? .rgb : .png)
        case .iterm2: return ITerm2Encoder()
        case .blocks: return HalfBlockEncoder(colors: colorDepth == .truecolor ? .truecolor : .xterm256, lineBreak: lineBreak)
        case .caca: return CacaEncoder(lineBreak: lineBreak, linuxConsole: environment["TERM"] == "linux")
        }
    }
}
