import PhotoPagerBase
import Testing
import TestSupport

@Suite("VirtualScreen: SGR")
struct VirtualScreenStyleTests {
    private func style(after sgr: String) -> Style {
        var screen = VirtualScreen(columns: 4, rows: 1)
        screen.feed("\u{1B}[\(sgr)mX")
        return screen.cell(0, 0).style
    }

    @Test func attributes() {
        #expect(style(after: "1") == Style(bold: true))
        #expect(style(after: "2") == Style(dim: true))
        #expect(style(after: "4") == Style(underline: true))
        #expect(style(after: "7") == Style(reverse: true))
        #expect(style(after: "1;2;4;7;22;24;27") == Style())
        #expect(style(after: "1;4;0") == Style())
        #expect(style(after: "1;4;") == Style(), "an empty last parameter is 0, a reset")
    }

    @Test func sixteenColours() {
        #expect(style(after: "31") == Style(foreground: .indexed(1)))
        #expect(style(after: "97") == Style(foreground: .indexed(15)))
        #expect(style(after: "42") == Style(background: .indexed(2)))
        #expect(style(after: "104") == Style(background: .indexed(12)))
        #expect(style(after: "31;42;39;49") == Style())
    }

    @Test func paletteAndTruecolour() {
        #expect(style(after: "38;5;196") == Style(foreground: .indexed(196)))
        #expect(style(after: "48;5;17") == Style(background: .indexed(17)))
        #expect(style(after: "38;2;1;2;3;48;2;250;251;252") == Style(foreground: .rgb(1, 2, 3), background: .rgb(250, 251, 252)))
        #expect(style(after: "38:2:9:8:7") == Style(foreground: .rgb(9, 8, 7)), "colon sub-parameters")
        #expect(style(after: "38;5") == Style(), "truncated: ignored")
    }

    @Test func erasesUseTheCurrentBackground() {
        var screen = VirtualScreen(columns: 3, rows: 1)
        screen.feed("abc\u{1B}[44m\u{1B}[2K")
        #expect(screen.cell(1, 0) == VirtualScreen.Cell(" ", style: Style(background: .indexed(4))))
    }
}
