import Testing
@testable import PhotoPagerBase

@Suite("Trimming whitespace")
struct TrimmingTests {
    @Test(arguments: [
        (" a b \n", "a b"), ("\u{3000}x\u{A0}", "x"), ("", ""), (" \t\n ", ""), ("abc", "abc"),
        ("\u{1F600} ", "\u{1F600}"), ("e\u{301}", "e\u{301}"), (" \u{2028}https://x\u{2029}", "https://x"),
    ])
    func trims(text: String, expected: String) {
        #expect(text.trimmingWhitespace == expected)
        #expect(text[...].trimmingWhitespace == expected)
    }
}
