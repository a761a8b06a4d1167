import PhotoPagerBase
import TerminalGraphics

/// Writes a ``Style`` as one SGR sequence for a terminal of a given colour depth.
///
/// Every sequence starts from `0` (reset) and lists all attributes: a few bytes more than a
/// minimal delta, but the result never depends on what the terminal had before, so a stray SGR
/// (from an image's bytes, say) cannot leak into the text.
struct StyleEncoder: Sendable {
    let depth: ColorDepth

    func append(_ style: Style, to out: inout [UInt8]) {
        out.appendCSI("0")
        if style.bold { out.append(ascii: ";1") }
        if style.dim { out.append(ascii: ";2") }
        if style.underline { out.append(ascii: ";4") }
        if style.reverse { out.append(ascii: ";7") }
        appendColor(style.foreground, isBackground: false, to: &out)
        appendColor(style.background, isBackground: true, to: &out)
        out.append(UInt8(ascii: "m"))
    }

    /// `;30`–`;37`, `;90`–`;97`, `;38;5;n` or `;38;2;r;g;b` (40/100/48 for the background).
    private func appendColor(_ color: Color, isBackground: Bool, to out: inout [UInt8]) {
        let offset = isBackground ? 10 : 0
        switch ColorDowngrade.downgrade(color, to: depth) {
        case .default:
            return
        case let .indexed(index) where index < 8:
            out.append(UInt8(ascii: ";"))
            out.append(decimal: 30 + offset + Int(index))
        case let .indexed(index) where index < 16:
            out.append(UInt8(ascii: ";"))
            out.append(decimal: 90 + offset + Int(index) - 8)
        case let .indexed(index):
            out.append(UInt8(ascii: ";"))
            out.append(decimal: 38 + offset)
            out.append(ascii: ";5;")
            out.append(decimal: Int(index))
        case let .rgb(r, g, b):
            out.append(UInt8(ascii: ";"))
            out.append(decimal: 38 + offset)
            out.append(ascii: ";2;")
            out.append(decimal: Int(r))
            out.append(UInt8(ascii: ";"))
            out.append(decimal: Int(g))
            out.append(UInt8(ascii: ";"))
            out.append(decimal: Int(b))
        }
    }
}
