import Testing
@testable import PhotoPagerBase

@Suite("Truncating to a width")
struct TruncationTests {
    @Test("cuts by columns and marks the cut", arguments: [
        ("hello world", 20, "hello world"),
        ("hello world", 11, "hello world"),
        ("hello world", 10, "hello wor…"),
        ("hello world", 1, "…"),
        ("hello world", 0, ""),
        ("hello world", -4, ""),
        ("", 3, ""),
        ("東京の夜景", 10, "東京の夜景"),
        ("東京の夜景", 9, "東京の夜…"),
        ("東京の夜景", 8, "東京の…"),        // the 4th ideograph does not fit whole: 7 columns
        ("東京", 1, "…"),
        ("cafe\u{301} crème", 5, "cafe\u{301}…"),
        ("ab👩‍👩‍👧cd", 4, "ab…"),            // the family is never split
        ("ab👩‍👩‍👧cd", 5, "ab👩‍👩‍👧…"),
        ("🇯🇵🇨🇦🇫🇷", 5, "🇯🇵🇨🇦…"),
    ])
    func truncation(text: String, width: Int, expected: String) {
        let result = TerminalText.truncated(text, toWidth: width)
        #expect(result == expected)
        #expect(TerminalText.displayWidth(result) <= max(width, 0))
        // Only whole clusters of the original survive, in order.
        let kept = result.hasSuffix("…") && result != text ? String(result.dropLast()) : result
        #expect(text.hasPrefix(kept))
        #expect(Array(text.prefix(kept.count)) == Array(kept))
    }

    @Test("never exceeds the width, for every width")
    func neverExceeds() {
        let text = TerminalText.sanitized("evil\u{1b}]52;c;aGk=\u{07}name 東京 café 👍🏽 🇯🇵 한국어")
        for width in 0...TerminalText.displayWidth(text) + 2 {
            let result = TerminalText.truncated(text, toWidth: width)
            #expect(TerminalText.displayWidth(result) <= width)
            #expect(TerminalText.displayWidth(result) >= width - 2, "too short at \(width): \(result)")
            #expect(!result.unicodeScalars.contains("\u{1b}"))
        }
    }
}
