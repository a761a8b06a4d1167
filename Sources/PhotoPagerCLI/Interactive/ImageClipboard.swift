import FoundationEssentials
import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import TerminalIO

/// `Y`: a photo's own pixels to the clipboard as a PNG, the best way there is here: the
/// terminal's own clipboard for images (kitty's OSC 5522, from 0.27, told by XTVERSION; not
/// through tmux, which would keep it), else `wl-copy` on Wayland or `xclip` on X11, else a
/// message saying what would make it work.
struct ImageClipboard: Sendable {
    enum Route: Equatable, Sendable {
        case terminal
        case tool([String])
        case none
    }

    let route: Route
    let environment: [String: String]
    /// The longest side copied: a camera's 24 MP photo is ~40 MB as a PNG; 4096 px keeps it to
    /// what an editor or a chat takes at once.
    static let maxSide = 4096

    init(terminalVersion: String?, throughTmux: Bool, environment: [String: String]) {
        self.environment = environment
        let path = environment["PATH"]
        if !throughTmux, Self.takesImages(terminalVersion) {
            route = .terminal
        } else if environment["WAYLAND_DISPLAY"]?.isEmpty == false, let tool = Platform.executable("wl-copy", path: path) {
            route = .tool([tool, "--type", "image/png"])
        } else if environment["DISPLAY"]?.isEmpty == false, let tool = Platform.executable("xclip", path: path) {
            route = .tool([tool, "-selection", "clipboard", "-t", "image/png", "-i"])
        } else {
            route = .none
        }
    }

    static let unavailable = "no clipboard for images here: install xclip (X11) or wl-clipboard (Wayland), or use kitty 0.27 or newer"

    /// kitty from 0.27 (`kitty(0.27.1)`) has the clipboard protocol for any type.
    static func takesImages(_ version: String?) -> Bool {
        guard let version, version.hasPrefix("kitty("), version.hasSuffix(")") else { return false }
        let numbers = version.dropFirst("kitty(".count).dropLast().split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 0 || numbers[1] >= 27
    }

    /// kitty's sequence writing `png` to the clipboard as image/png: a write, the data in
    /// chunks of whole base64 quanta, then the end.
    static func osc5522(_ png: [UInt8]) -> [UInt8] {
        let esc = "\u{1B}]5522;", st = "\u{1B}\\"
        let mime = Data("image/png".utf8).base64EncodedString()
        var out = esc + "type=write" + st
        var start = 0
        repeat {
            let end = min(png.count, start + 3072)                 // 4096 base64 bytes a chunk
            out += esc + "type=wdata:mime=" + mime + ";" + Data(png[start ..< end]).base64EncodedString() + st
            start = end
        } while start < png.count
        out += esc + "type=wdata" + st
        return Array(out.utf8)
    }

    /// Copies `image` where the route goes; the event for the app (the status line's words, or
    /// the terminal's bytes with them).
    func copy(_ image: RGBImage) -> AppEventForClipboard {
        guard let png = try? PNGWriter.encode(image) else { return .said("the photo could not be made into a PNG") }
        let said = "copied the photo to the clipboard (\(image.width) × \(image.height) PNG)"
        switch route {
        case .terminal: return .terminal(Self.osc5522(png), said: said)
        case .tool(let argv):
            return Platform.feed(argv, environment: environment, input: png, timeout: .seconds(5))
                ? .said(said) : .said("\(argv[0].split(separator: "/").last ?? "") could not take the photo")
        case .none: return .said(Self.unavailable)
        }
    }

    enum AppEventForClipboard: Equatable {
        case said(String)
        case terminal([UInt8], said: String)
    }
}
