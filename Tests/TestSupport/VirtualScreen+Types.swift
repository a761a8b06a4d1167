import PhotoPagerBase

extension VirtualScreen {
    /// One character cell as a person would see it.
    public struct Cell: Sendable, Equatable, CustomStringConvertible {
        /// A grapheme cluster; `" "` for blank cells and for the right half of a wide character.
        public var character: Character
        public var style: Style
        /// The OSC 8 target active when the character was printed.
        public var link: String?
        /// The right half of a wide character.
        public var isContinuation: Bool
        /// The sixel/iTerm2 image whose pixels cover this cell (``Image/serial``); `nil` once text
        /// or an erase replaced them, as in xterm.
        public var imageSerial: Int?

        public init(_ character: Character = " ", style: Style = Style(), link: String? = nil,
                    isContinuation: Bool = false, imageSerial: Int? = nil) {
            self.character = character
            self.style = style
            self.link = link
            self.isContinuation = isContinuation
            self.imageSerial = imageSerial
        }

        public var description: String {
            var text = "'\(character)'\(isContinuation ? "(cont)" : "") \(style)"
            if let link { text += " link=\(link)" }
            if let imageSerial { text += " image#\(imageSerial)" }
            return text
        }
    }

    /// A 0-based cell position.
    public struct Position: Sendable, Hashable, CustomStringConvertible {
        public var column: Int
        public var row: Int

        public init(column: Int, row: Int) {
            self.column = column
            self.row = row
        }

        public var description: String { "(\(column),\(row))" }
    }

    public enum ImageKind: String, Sendable, Hashable {
        case sixel, kitty, iterm2
    }

    /// An image on screen: where, in cells, and what was known about its pixels.
    public struct Image: Sendable, Hashable, CustomStringConvertible {
        public var kind: ImageKind
        /// The cells it covers (clipped to the screen when drawn).
        public var rect: Rect
        /// Sixel: the raster size; kitty: `s`/`v` of the transmission; iTerm2: from the PNG header.
        public var pixelSize: PixelSize?
        public var kittyImageID: UInt32?
        /// Unique per draw, in drawing order.
        public var serial: Int
        /// kitty: the part of the image placed (`x`, `y`, `w`, `h`), when one was given.
        public var kittyCrop: PixelCrop?

        public var description: String {
            "\(kind)#\(serial) at \(rect)" + (kittyImageID.map { " id=\($0)" } ?? "")
        }
    }

    /// An OSC 52 clipboard write, payload base64-decoded.
    public struct ClipboardWrite: Sendable, Hashable {
        /// `c` (clipboard), `p` (primary), … as sent.
        public var selection: String
        public var text: String

        public init(selection: String, text: String) {
            self.selection = selection
            self.text = text
        }
    }

    /// One completed kitty transmission (`a=t` or `a=T`, all chunks received).
    public struct KittyTransmission: Sendable, Hashable {
        public var imageID: UInt32
        public var format: Int
        public var pixelSize: PixelSize?
        public var chunkCount: Int
        /// `t=t`: the pixels came in a temporary file (read and deleted, as kitty does), of this size.
        public var fileBytes: Int?

        public init(imageID: UInt32, format: Int, pixelSize: PixelSize?, chunkCount: Int, fileBytes: Int? = nil) {
            self.imageID = imageID
            self.format = format
            self.pixelSize = pixelSize
            self.chunkCount = chunkCount
            self.fileBytes = fileBytes
        }
    }

    /// A kitty `a=d` command: `selector` is the `d=` key (`a`, `A`, `i`, `I`, …).
    public struct KittyDeletion: Sendable, Hashable {
        public var selector: Character
        public var imageID: UInt32?

        public init(selector: Character, imageID: UInt32?) {
            self.selector = selector
            self.imageID = imageID
        }
    }

    /// One screen's contents; the alternate screen has its own.
    struct Buffer: Sendable {
        var cells: [Cell]
        /// Sixel/iTerm2 images drawn on this buffer, by serial; visible while a cell still shows them.
        var pixelImages: [Int: Image] = [:]
        var kittyPlacements: [Image] = []
        /// With `imagesOnOwnLayer`: the sixel/iTerm2 images on the layer, oldest first.
        var layerImages: [Image] = []

        init(columns: Int, rows: Int) {
            cells = Array(repeating: Cell(), count: columns * rows)
        }
    }

    /// What DECSC (and entering the alternate screen) saves.
    struct SavedCursor: Sendable {
        var position: Position
        var style: Style
        var pendingWrap: Bool
    }
}
