import TerminalGraphics
import Testing
@testable import TerminalIO

@Suite("chooseRenderer: the whole policy as a table")
struct RendererDecisionTests {
    static let silent = TerminalCapabilities()
    static let plainXterm = TerminalCapabilities(answeredDA1: true, deviceAttributes: [1, 2])
    static let sixelXterm = TerminalCapabilities(answeredDA1: true, deviceAttributes: [63, 1, 4, 22], sixel: true)
    static let kitty = TerminalCapabilities(answeredDA1: true, deviceAttributes: [62, 52], kittyGraphics: true,
                                            version: "kitty(0.26.5)")
    static let wezterm = TerminalCapabilities(answeredDA1: true, deviceAttributes: [65, 4, 6], sixel: true,
                                              version: "WezTerm 20240203-110809-5046fc22")

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let capabilities: TerminalCapabilities
        let environment: [String: String]
        var override: String?
        let expected: RendererKind
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "kitty answers the query", capabilities: kitty, environment: ["TERM": "xterm-kitty"], expected: .kitty),
        Case(name: "kitty query beats sixel", capabilities: TerminalCapabilities(answeredDA1: true, sixel: true, kittyGraphics: true),
             environment: ["TERM": "xterm-256color"], expected: .kitty),
        Case(name: "silent kitty: env decides", capabilities: silent, environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty"], expected: .kitty),
        Case(name: "inherited KITTY_WINDOW_ID in an answering xterm is ignored", capabilities: sixelXterm,
             environment: ["KITTY_WINDOW_ID": "3", "TERM": "xterm"], expected: .sixel),
        Case(name: "iTerm2 by TERM_PROGRAM", capabilities: plainXterm, environment: ["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"], expected: .iterm2),
        Case(name: "iTerm2 by LC_TERMINAL (ssh)", capabilities: plainXterm, environment: ["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], expected: .iterm2),
        Case(name: "silent Konsole 23.08: its kitty graphics", capabilities: TerminalCapabilities(),
             environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "230805"], expected: .kitty),
        Case(name: "silent Konsole 22.08: sixel", capabilities: TerminalCapabilities(),
             environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "220803"], expected: .sixel),
        Case(name: "silent Konsole 21.12: no sixel yet", capabilities: TerminalCapabilities(),
             environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "211201"], expected: .blocks),
        Case(name: "silent, nothing known: plain xterm has 256 colours", capabilities: TerminalCapabilities(),
             environment: ["TERM": "xterm"], expected: .blocks),
        Case(name: "silent vt100: libcaca", capabilities: TerminalCapabilities(),
             environment: ["TERM": "vt100"], expected: .caca),
        Case(name: "WezTerm by XTVERSION beats its sixel", capabilities: wezterm, environment: ["TERM": "xterm-256color"], expected: .iterm2),
        Case(name: "xterm -ti vt340: sixel from DA1", capabilities: sixelXterm, environment: ["TERM": "xterm"], expected: .sixel),
        Case(name: "silent foot: sixel from TERM", capabilities: silent, environment: ["TERM": "foot"], expected: .sixel),
        Case(name: "answering non-sixel foot-named TERM trusts DA1", capabilities: plainXterm, environment: ["TERM": "foot"], expected: .blocks),
        Case(name: "plain xterm: half blocks", capabilities: plainXterm, environment: ["TERM": "xterm-256color"], expected: .blocks),
        Case(name: "truecolor, silent", capabilities: silent, environment: ["TERM": "vt220", "COLORTERM": "truecolor"], expected: .blocks),
        Case(name: "Linux console: caca", capabilities: TerminalCapabilities(answeredDA1: true, deviceAttributes: [6]),
             environment: ["TERM": "linux"], expected: .caca),
        Case(name: "vt100: 16 colours, caca", capabilities: plainXterm, environment: ["TERM": "vt100"], expected: .caca),
        Case(name: "tmux 3.3 hides sixel", capabilities: plainXterm, environment: ["TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "tmux-256color"], expected: .blocks),
        Case(name: "a tmux that lists sixel in its own DA1 draws it itself", capabilities: sixelXterm,
             environment: ["TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "tmux-256color"], expected: .sixel),
        Case(name: "silent tmux: no graphics on the word of its profile", capabilities: silent,
             environment: ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color"], expected: .blocks),
        Case(name: "Konsole 22.12 as Debian's answers (XTVERSION, kitty OK, DA1 62;1;4): kitty, whose images leave when told",
             capabilities: TerminalCapabilities(answeredDA1: true, deviceAttributes: [62, 1, 4], sixel: true, kittyGraphics: true,
                                                version: "Konsole 22.12.3"),
             environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "221203"], expected: .kitty),
        Case(name: "Konsole 22.08 answering both: sixel before its unproven kitty", capabilities:
             TerminalCapabilities(answeredDA1: true, deviceAttributes: [62, 1, 4], sixel: true, kittyGraphics: true,
                                  version: "Konsole 22.08.3"),
             environment: ["TERM": "xterm-256color"], expected: .sixel),
        Case(name: "silent WezTerm: its iTerm2 images", capabilities: silent, environment: ["TERM_PROGRAM": "WezTerm"], expected: .iterm2),
        Case(name: "tmux hides kitty", capabilities: kitty, environment: ["TMUX": "/tmp/t,1,0", "TERM": "screen-256color", "KITTY_WINDOW_ID": "1"], expected: .blocks),
        Case(name: "tmux hides iTerm2", capabilities: plainXterm, environment: ["TMUX": "/tmp/t,1,0", "TERM_PROGRAM": "iTerm.app"], expected: .blocks),
        Case(name: "GNU screen", capabilities: plainXterm, environment: ["STY": "123.pts-0", "TERM": "screen"], expected: .blocks),
        Case(name: "GNU screen passes no sixel even if it said 4", capabilities: sixelXterm,
             environment: ["STY": "123.pts-0", "TERM": "screen"], expected: .blocks),
        Case(name: "--renderer overrides everything", capabilities: sixelXterm, environment: ["TMUX": "/tmp/t,1,0"], override: "kitty", expected: .kitty),
        Case(name: "--renderer is case-insensitive", capabilities: kitty, environment: [:], override: "CACA", expected: .caca),
        Case(name: "--renderer auto is automatic", capabilities: sixelXterm, environment: ["TERM": "xterm"], override: "auto", expected: .sixel),
        Case(name: "unknown --renderer is ignored", capabilities: sixelXterm, environment: ["TERM": "xterm"], override: "braille", expected: .sixel),
        Case(name: "PHOTOPAGER_RENDERER forces, even in tmux", capabilities: silent,
             environment: ["TMUX": "/tmp/t,1,0", "PHOTOPAGER_RENDERER": "kitty"], expected: .kitty),
        Case(name: "--renderer beats PHOTOPAGER_RENDERER", capabilities: silent,
             environment: ["PHOTOPAGER_RENDERER": "kitty"], override: "blocks", expected: .blocks),
    ]

    @Test("decision table", arguments: cases)
    func table(_ test: Case) {
        let decision = chooseRenderer(capabilities: test.capabilities, environment: test.environment, override: test.override)
        #expect(decision.renderer == test.expected, "\(decision)")
        #expect(!decision.reason.isEmpty)
    }

    @Test("through tmux's passthrough the terminal around it decides")
    func throughTmux() {
        let tmux = ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color"]
        let sixel = chooseRenderer(capabilities: Self.sixelXterm, environment: tmux, throughTmux: true)
        #expect(sixel.renderer == .sixel)
        #expect(sixel.reason.hasPrefix("through tmux passthrough: "))
        let kitty = chooseRenderer(capabilities: Self.kitty, environment: tmux, throughTmux: true)
        #expect(kitty.renderer == .kitty && kitty.reason.hasPrefix("through tmux passthrough: "))
        // iTerm2's images do not go through tmux (a photo is more than its 1 MiB): a terminal
        // with a second protocol tmux can carry gets that one.
        let wezterm = TerminalCapabilities(answeredDA1: true, sixel: true, version: "WezTerm 20240203")
        let iterm2AndSixel = chooseRenderer(capabilities: wezterm, environment: tmux, throughTmux: true)
        #expect(iterm2AndSixel.renderer == .sixel && iterm2AndSixel.reason.contains("iterm2 images are not drawn through tmux yet"),
                "\(iterm2AndSixel)")
        #expect(chooseRenderer(capabilities: Self.plainXterm, environment: tmux).renderer == .blocks, "passthrough off")
        // The limit is the outer terminal's: xterm's 1000 px behind tmux too.
        #expect(chooseRenderer(capabilities: Self.sixelXterm.with(version: "XTerm(379)"), environment: tmux, throughTmux: true)
            .imagePixelLimit?.width == 1000)
    }

    @Test("the reason says why, and notes an ignored override")
    func reasons() {
        #expect(chooseRenderer(capabilities: Self.sixelXterm, environment: ["TERM": "xterm"]).description
            == "sixel: DA1 lists sixel (4)")
        #expect(chooseRenderer(capabilities: Self.plainXterm, environment: ["TMUX": "x"]).reason.contains("tmux"))
        #expect(chooseRenderer(capabilities: Self.sixelXterm, environment: [:], override: "braille").reason
            .hasPrefix("unknown renderer 'braille' ignored; "))
    }

    @Test("Konsole's sixel (and iTerm2) images lie on their own layer; its kitty graphics play no animation, nor place parts")
    func konsoleQuirks() {
        let konsole = TerminalCapabilities(answeredDA1: true, deviceAttributes: [62, 1, 4], sixel: true, kittyGraphics: true,
                                           version: "Konsole 22.12.3")
        let auto = chooseRenderer(capabilities: konsole, environment: [:])
        #expect(auto.renderer == .kitty && !auto.imagesOnOwnLayer && !auto.playsAnimations && !auto.placesImageParts)
        let sixel = chooseRenderer(capabilities: konsole, environment: [:], override: "sixel")
        #expect(sixel.imagesOnOwnLayer)
        #expect(chooseRenderer(capabilities: konsole, environment: [:], override: "iterm2").imagesOnOwnLayer)
        #expect(!chooseRenderer(capabilities: konsole, environment: [:], override: "blocks").imagesOnOwnLayer)
        #expect(!chooseRenderer(capabilities: Self.sixelXterm, environment: ["TERM": "xterm"]).imagesOnOwnLayer)
        #expect(chooseRenderer(capabilities: Self.kitty, environment: [:]).playsAnimations)
        #expect(chooseRenderer(capabilities: Self.kitty, environment: [:]).placesImageParts, "a zoomed pan is a placement")
        #expect(!sixel.placesImageParts)
    }

    @Test("the pixel limit comes with the decision: xterm's sixel only")
    func imagePixelLimit() {
        let xterm = TerminalCapabilities(answeredDA1: true, sixel: true, version: "XTerm(379)")
        #expect(chooseRenderer(capabilities: xterm, environment: [:]).imagePixelLimit?.width == 1000)
        #expect(chooseRenderer(capabilities: xterm, environment: [:], override: "blocks").imagePixelLimit == nil)
        let foot = TerminalCapabilities(answeredDA1: true, sixel: true, version: "foot(1.16.2)")
        #expect(chooseRenderer(capabilities: foot, environment: [:]).imagePixelLimit == nil)
        #expect(chooseRenderer(capabilities: Self.silent, environment: [:], override: "sixel").imagePixelLimit != nil,
                "silent: assume xterm")
        #expect(chooseRenderer(capabilities: Self.kitty, environment: [:]).imagePixelLimit == nil)
    }
}

private extension TerminalCapabilities {
    func with(version: String) -> TerminalCapabilities {
        var copy = self
        copy.version = version
        return copy
    }
}
