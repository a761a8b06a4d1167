import TerminalGraphics

/// One photo, ready to write: the bytes an ``ImageEncoder`` produced for a placement's exact pixel
/// size, tagged with the protocol they speak so the writer knows how to place, keep and remove
/// them.
///
/// What each kind must contain:
/// - `.sixel`, `.iterm2`: the complete sequence, drawn at the cursor.
/// - `.kitty`: a `KittyEncoder` transmission (any `a=`, `i=` or `C=` in it is replaced: the writer
///   assigns image ids itself and places the image with `a=p`).
/// - `.blocks`, `.caca`: rows of text separated by `LineBreak.moveDown(toColumn:)`; the column in
///   them is rewritten to the placement's, so one encoding serves any position.
public struct EncodedImage: Sendable, Equatable {
    public var kind: RendererKind
    public var bytes: [UInt8]

    public init(kind: RendererKind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
    }
}
