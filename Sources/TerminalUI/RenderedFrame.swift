import PhotoPagerCore

/// One frame's bytes, and where the sixels in them lie.
public struct RenderedFrame: Sendable, Equatable {
    /// A sixel drawn by the frame: its DCS, from `ESC P` through the final `ESC \`.
    public struct Sixel: Sendable, Equatable {
        public var bytes: Range<Int>
        /// The draw number the writer gave it (``FrameWriter/forgetImages(drawnBy:)``).
        public var owner: Int
        public var content: ImageContent
        public var rect: GridLayout.Rect
    }

    public var bytes: [UInt8]
    public var sixels: [Sixel] = []

    public init(bytes: [UInt8], sixels: [Sixel] = []) {
        self.bytes = bytes
        self.sixels = sixels
    }
}
