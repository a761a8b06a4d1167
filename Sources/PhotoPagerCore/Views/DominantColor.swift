import PhotoPagerBase

/// The Unsplash `color` field (`"#RRGGBB"`) as a text colour, for placeholders.
enum DominantColor {
    /// The colour, or nil when the text is not exactly `#` and six hex digits (manifests are
    /// untrusted; a malformed colour falls back to grey rather than to garbage).
    static func parse(_ text: String?) -> Color? {
        guard let text, text.utf8.count == 7, text.first == "#",
              text.dropFirst().allSatisfy(\.isHexDigit),
              let value = UInt32(text.dropFirst(), radix: 16)
        else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// Black on light colours, white on dark ones (by perceived luminance), so the spinner shows.
    static func contrasting(_ color: Color) -> Color {
        guard case .rgb(let red, let green, let blue) = color else { return .indexed(15) }
        let luminance = 299 * Int(red) + 587 * Int(green) + 114 * Int(blue)
        return luminance > 128_000 ? .indexed(0) : .indexed(15)
    }
}
