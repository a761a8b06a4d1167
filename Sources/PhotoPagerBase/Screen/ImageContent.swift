/// What an image placement shows: a photo decoded and encoded at a pixel size.
public struct ImageContent: Sendable, Hashable {
    public var photoID: String
    public var pixelSize: PixelSize
    /// Zoomed in the pager: the part of the scaled photo shown (nil: the whole photo).
    public var window: ZoomWindow?
    /// The pager's photo at fit, which plays when it is an animation: the frame shown (0 is also
    /// what is decoded and asked for; the shell makes the others beside it). Nil: a still
    /// (thumbnails, a zoomed view).
    public var frame: Int?
    /// What stands in for this content while it decodes (a RAW's preview, enlarged, while the
    /// raw is developed): other pixels, so another image.
    public var isDraft = false
    /// A slow link's sixel: the most bytes it goes out with (fewer colours, coarser pixels, at the
    /// same pixel size); nil: as many as its pixels take. Terminals that scale an image to its
    /// cells are sent fewer pixels instead (a smaller `pixelSize`).
    public var byteBudget: Int?
    /// The turn a sidecar gives the photo (`tiff:Orientation`), replacing its own: other pixels,
    /// so another image (a square photo turned keeps its size).
    public var orientation: Int?
    /// The photo's file as changed by another program this session (`FileDetails.revision`).
    public var revision = 0

    public init(photoID: String, pixelSize: PixelSize, window: ZoomWindow? = nil, frame: Int? = nil, byteBudget: Int? = nil) {
        self.photoID = photoID
        self.pixelSize = pixelSize
        self.window = window
        self.frame = frame
        self.byteBudget = byteBudget
    }

    /// The draft of this content.
    public var asDraft: ImageContent {
        var draft = self
        draft.isDraft = true
        return draft
    }

    /// The content decoded for this one: an animation's first frame for any of its frames.
    public var decoded: ImageContent {
        guard let frame, frame > 0 else { return self }
        var first = self
        first.frame = 0
        return first
    }
}
