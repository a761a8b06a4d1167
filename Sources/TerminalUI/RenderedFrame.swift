import PhotoPagerBase

/// One frame's bytes, and where the sixels and kitty placements in them lie.
public struct RenderedFrame: Sendable, Equatable {
    /// A sixel drawn by the frame: its DCS, from `ESC P` through the final `ESC \`.
    public struct Sixel: Sendable, Equatable {
        public var bytes: Range<Int>
        /// The draw number the writer gave it (``FrameWriter/forgetImages(drawnBy:)``).
        public var owner: Int
        public var content: ImageContent
        public var rect: Rect
    }

    /// A kitty placement (`a=p`) drawn by the frame at its box's top-left cell.
    public struct Placement: Sendable, Equatable {
        public var bytes: Range<Int>
        public var rect: Rect
    }

    public var bytes: [UInt8]
    public var sixels: [Sixel] = []
    /// Where kitty placements lie: behind tmux each needs a cursor move of its own.
    public var placements: [Placement] = []

    public init(bytes: [UInt8], sixels: [Sixel] = [], placements: [Placement] = []) {
        self.bytes = bytes
        self.sixels = sixels
        self.placements = placements
    }
}
