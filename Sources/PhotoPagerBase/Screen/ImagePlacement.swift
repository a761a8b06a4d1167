/// A photo drawn in a rectangle of cells. `content` identifies the exact pixels (which photo,
/// at which pixel size, in which state), so the writer can tell "same image, same place: skip"
/// from "redraw".
public struct ImagePlacement: Sendable, Hashable {
    public var rect: Rect
    public var content: ImageContent

    public init(rect: Rect, content: ImageContent) {
        self.rect = rect
        self.content = content
    }
}
