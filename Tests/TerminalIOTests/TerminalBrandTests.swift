import TerminalGraphics
import Testing
@testable import TerminalIO

@Suite("TerminalBrand: who the terminal is, and what its profile says")
struct TerminalBrandTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var version: String?
        let environment: [String: String]
        var behindMultiplexer = false
        let expected: TerminalBrand
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "XTVERSION names xterm", version: "XTerm(379)", environment: ["TERM": "xterm"], expected: .xterm),
        Case(name: "XTVERSION beats an inherited KITTY_WINDOW_ID", version: "XTerm(379)",
             environment: ["TERM": "xterm", "KITTY_WINDOW_ID": "2"], expected: .xterm),
        Case(name: "kitty by XTVERSION", version: "kitty(0.26.5)", environment: [:], expected: .kitty),
        Case(name: "kitty by KITTY_WINDOW_ID", environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], expected: .kitty),
        Case(name: "Ghostty by TERM", environment: ["TERM": "xterm-ghostty"], expected: .ghostty),
        Case(name: "WezTerm by XTVERSION", version: "WezTerm 20240203-110809-5046fc22", environment: [:], expected: .wezterm),
        Case(name: "WezTerm by TERM_PROGRAM", environment: ["TERM_PROGRAM": "WezTerm"], expected: .wezterm),
        Case(name: "iTerm2 over ssh by LC_TERMINAL", environment: ["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], expected: .iterm2),
        Case(name: "foot by XTVERSION", version: "foot(1.16.2)", environment: [:], expected: .foot),
        Case(name: "foot by TERM", environment: ["TERM": "foot-extra"], expected: .foot),
        Case(name: "mlterm by TERM", environment: ["TERM": "mlterm"], expected: .mlterm),
        Case(name: "mintty by TERM_PROGRAM", environment: ["TERM_PROGRAM": "mintty", "TERM": "xterm"], expected: .mintty),
        Case(name: "Konsole 23.08", environment: ["KONSOLE_VERSION": "230805"], expected: .konsole),
        Case(name: "Konsole 22.08", environment: ["KONSOLE_VERSION": "220803"], expected: .sixelKonsole),
        Case(name: "Konsole 22.04.0", environment: ["KONSOLE_VERSION": "220400"], expected: .sixelKonsole),
        Case(name: "Konsole 21.12", environment: ["KONSOLE_VERSION": "211201"], expected: .olderKonsole),
        Case(name: "Konsole 22.12.3 by XTVERSION", version: "Konsole 22.12.3", environment: [:], expected: .konsole),
        Case(name: "Konsole 22.08.3 by XTVERSION, over an inherited newer KONSOLE_VERSION", version: "Konsole 22.08.3",
             environment: ["KONSOLE_VERSION": "230805"], expected: .sixelKonsole),
        Case(name: "a Konsole XTVERSION without a release", version: "Konsole", environment: [:], expected: .konsole),
        Case(name: "VTE by VTE_VERSION", environment: ["VTE_VERSION": "7006", "TERM": "xterm-256color"], expected: .vte),
        Case(name: "the Linux console", environment: ["TERM": "linux"], expected: .linuxConsole),
        Case(name: "tmux by TMUX, though it answers XTVERSION for kitty's variables", version: "tmux 3.3a",
             environment: ["TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"], expected: .tmux),
        Case(name: "tmux by TERM alone (ssh from inside tmux)", environment: ["TERM": "tmux-256color"], expected: .tmux),
        Case(name: "screen by STY", environment: ["STY": "123.pts-0", "TERM": "screen"], expected: .screen),
        Case(name: "Zellij by ZELLIJ", environment: ["ZELLIJ": "0", "TERM": "xterm-256color"], expected: .zellij),
        Case(name: "behind tmux's passthrough the outer XTVERSION decides", version: "XTerm(379)",
             environment: ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color"], behindMultiplexer: true, expected: .xterm),
        Case(name: "behind tmux, inherited variables name the outer terminal",
             environment: ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color", "KITTY_WINDOW_ID": "4"], behindMultiplexer: true, expected: .kitty),
        Case(name: "plain TERM=xterm names nothing", environment: ["TERM": "xterm"], expected: .unknown),
        Case(name: "an XTVERSION we do not know", version: "Mystery 1.0", environment: ["TERM": "xterm"], expected: .unknown),
    ]

    @Test("identification table", arguments: cases)
    func identify(_ test: Case) {
        let found = TerminalBrand.identify(version: test.version, hints: TerminalHints(environment: test.environment),
                                           behindMultiplexer: test.behindMultiplexer)
        #expect(found.brand == test.expected, "\(found.evidence)")
        #expect(!found.evidence.isEmpty)
    }

    @Test("every profile is consistent")
    func profiles() {
        for brand in TerminalBrand.allCases {
            let profile = brand.profile
            #expect(profile.protocols.allSatisfy { !$0.drawsWithText }, "\(brand): protocols are graphics")
            #expect(profile.text.drawsWithText, "\(brand): the fallback is text")
            #expect(Set(profile.protocols).count == profile.protocols.count, "\(brand): no protocol twice")
            if profile.multiplexer { #expect(!profile.kittyQuerySafe, "\(brand) would show the APC as a title") }
            if profile.passthrough != nil { #expect(profile.multiplexer) }
        }
        #expect(Set(TerminalBrand.allCases.map(\.rawValue)).count == TerminalBrand.allCases.count)
        #expect(TerminalBrand.linuxConsole.profile.text == .caca && !TerminalBrand.linuxConsole.profile.kittyQuerySafe)
        #expect(TerminalBrand.tmux.profile.passthrough == .tmux && TerminalBrand.screen.profile.passthrough == nil)
        #expect(TerminalBrand.xterm.profile.sixelPixelLimit?.width == 1000)
        #expect(TerminalBrand.foot.profile.sixelPixelLimit == nil)
    }

    @Test("colour depth: COLORTERM, then the brand's truecolor, then TERM")
    func colourDepth() {
        let table: [([String: String], ColorDepth)] = [
            (["COLORTERM": "truecolor", "TERM": "vt100"], .truecolor),
            (["COLORTERM": "24BIT"], .truecolor),
            (["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty"], .truecolor),
            (["TERM": "foot"], .truecolor),
            (["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], .truecolor),
            (["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], .truecolor),
            (["TERM": "xterm-256color"], .palette256),
            (["TERM": "xterm"], .palette256),
            (["TERM": "mlterm"], .palette16),
            (["TERM": "vt220", "TERM_PROGRAM": "Something"], .palette256),
            (["TERM": "linux"], .palette16),
            (["TERM": "vt100"], .palette16),
            ([:], .palette16),
        ]
        for (environment, expected) in table {
            #expect(ColorDepth.detect(environment: environment) == expected, "\(environment)")
        }
    }

    @Test("the tmux hint: only for an outer terminal that draws what tmux can carry")
    func passthroughHint() {
        let inside = ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]
        let hint = "images: set -g allow-passthrough on in tmux"
        #expect(Tmux.passthroughHint(client: ("xterm", "XTerm(379)"), environment: inside) == hint)
        #expect(Tmux.passthroughHint(client: ("foot", ""), environment: inside) == hint)
        #expect(Tmux.passthroughHint(client: ("xterm-256color", ""), environment: inside) == nil, "nothing known")
        #expect(Tmux.passthroughHint(client: ("linux", ""), environment: inside) == nil)
        #expect(Tmux.passthroughHint(client: ("xterm-kitty", "kitty(0.26.5)"), environment: inside) == hint)
        // iTerm2's images are not drawn through tmux, so the hint would promise nothing.
        #expect(Tmux.passthroughHint(client: ("xterm-256color", "iTerm2 3.5.0"), environment: inside) == nil)
        #expect(Tmux.passthroughHint(client: nil, environment: inside.merging(["KONSOLE_VERSION": "230805"]) { $1 }) == hint)
    }
}
