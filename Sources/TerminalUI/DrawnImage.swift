import PhotoPagerBase
import TerminalGraphics

/// A pixel or text image the writer drew and believes is still on screen.
struct DrawnImage: Sendable {
    var rect: Rect
    var content: ImageContent
    var kind: RendererKind
    /// The draw number stored in the cells it covers (``TerminalShadow/owners``).
    var owner: Int
}
