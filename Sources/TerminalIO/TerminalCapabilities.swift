import PhotoPagerBase

/// What the terminal said about itself when probed (see `CapabilityProbe`).
public struct TerminalCapabilities: Hashable, Sendable {
    /// Whether the DA1 sentinel was answered within the timeout. False means the terminal (or
    /// something between us and it) is silent: trust only the environment.
    public var answeredDA1: Bool
    /// The DA1 parameters, e.g. `[62, 4, 22]`.
    public var deviceAttributes: [Int]
    /// DA1 lists 4 (sixel graphics) after its class number.
    public var sixel: Bool
    /// The kitty graphics query (`a=q`) was answered `OK`.
    public var kittyGraphics: Bool
    /// XTVERSION, e.g. `XTerm(379)` or `kitty(0.26.5)`.
    public var version: String?
    /// One cell in pixels: from `TIOCGWINSZ` when it has pixels, else from `CSI 16 t`.
    public var cellPixelSize: PixelSize?

    public init(answeredDA1: Bool = false, deviceAttributes: [Int] = [], sixel: Bool = false,
                kittyGraphics: Bool = false, version: String? = nil,
                cellPixelSize: PixelSize? = nil) {
        self.answeredDA1 = answeredDA1
        self.deviceAttributes = deviceAttributes
        self.sixel = sixel
        self.kittyGraphics = kittyGraphics
        self.version = version
        self.cellPixelSize = cellPixelSize
    }

    /// Takes in `event` if it answers one of the probe's queries; false for anything else
    /// (keys typed meanwhile), which the probe hands back untouched.
    mutating func absorb(_ event: InputEvent) -> Bool {
        switch event {
        case .deviceAttributes(let parameters):
            answeredDA1 = true
            deviceAttributes = parameters
            // The first parameter is the device class (1, 62…65); `4` only counts after it.
            sixel = parameters.dropFirst().contains(4)
        case .kittyGraphics(let reply) where reply.value(forKey: "i") == CapabilityProbe.kittyQueryID:
            kittyGraphics = reply.isOK
        case .terminalVersion(let text):
            version = text
        case .windowSize(.cellPixels(let width, let height)) where width > 0 && height > 0:
            cellPixelSize = cellPixelSize ?? PixelSize(width: width, height: height)
        default:
            return false
        }
        return true
    }
}
