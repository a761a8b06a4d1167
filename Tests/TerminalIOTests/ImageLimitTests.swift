import PhotoPagerCore
import TerminalGraphics
import TerminalIO
import Testing

@Suite struct ImagePixelLimitTests {
    @Test func xtermLimitsSixelOnly() {
        let xterm = TerminalCapabilities(answeredDA1: true, sixel: true, version: "XTerm(379)")
        #expect(xterm.imagePixelLimit(for: .sixel) == GridLayout.PixelSize(width: 1000, height: 1000))
        #expect(xterm.imagePixelLimit(for: .blocks) == nil)
        let foot = TerminalCapabilities(answeredDA1: true, sixel: true, version: "foot(1.16.2)")
        #expect(foot.imagePixelLimit(for: .sixel) == nil)
        #expect(TerminalCapabilities().imagePixelLimit(for: .sixel) != nil)      // silent: assume xterm
        #expect(TerminalCapabilities(kittyGraphics: true, version: "kitty(0.26.5)").imagePixelLimit(for: .kitty) == nil)
    }
}
