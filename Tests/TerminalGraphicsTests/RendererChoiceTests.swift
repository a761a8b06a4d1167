import Testing
import TerminalGraphics

@Suite("renderer picker")
struct RendererChoiceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var environment: [String: String]
        var kind: RendererKind
        var depth: ColorDepth
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ") }
    }

    static let cases: [Case] = [
        // kitty and friends
        Case(environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor"], kind: .kitty, depth: .truecolor),
        Case(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], kind: .kitty, depth: .truecolor),
        Case(environment: ["TERM": "xterm-kitty"], kind: .kitty, depth: .truecolor),
        Case(environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], kind: .kitty, depth: .truecolor),
        // iTerm2 protocol
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], kind: .iterm2, depth: .truecolor),
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], kind: .iterm2, depth: .truecolor),
        Case(environment: ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], kind: .iterm2, depth: .palette256),
        // sixel terminals
        Case(environment: ["TERM": "mlterm"], kind: .sixel, depth: .palette16),
        Case(environment: ["TERM": "foot"], kind: .sixel, depth: .truecolor),
        Case(environment: ["TERM": "foot-extra"], kind: .sixel, depth: .truecolor),
        Case(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "mintty"], kind: .sixel, depth: .palette256),
        Case(environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "230805"], kind: .sixel, depth: .palette256),
        Case(environment: ["TERM": "xterm-256color", "KONSOLE_VERSION": "211201"], kind: .blocks, depth: .palette256),
        // multiplexers: never graphics, even in kitty or a sixel terminal
        Case(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], kind: .blocks, depth: .truecolor),
        Case(environment: ["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux"], kind: .blocks, depth: .palette256),
        Case(environment: ["TERM": "screen-256color", "STY": "1234.pts-0", "COLORTERM": "truecolor"], kind: .blocks, depth: .truecolor),
        Case(environment: ["TERM": "tmux-256color", "TERM_PROGRAM": "iTerm.app"], kind: .blocks, depth: .truecolor),
        Case(environment: ["TERM": "foot", "TMUX": "/tmp/x,1,0"], kind: .blocks, depth: .truecolor),
        // plain text terminals
        Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], kind: .blocks, depth: .truecolor),
        Case(environment: ["TERM": "xterm", "COLORTERM": "24bit"], kind: .blocks, depth: .truecolor),
        Case(environment: ["TERM": "xterm-256color"], kind: .blocks, depth: .palette256),
        Case(environment: ["TERM": "rxvt-unicode-256color"], kind: .blocks, depth: .palette256),
        Case(environment: ["TERM": "linux"], kind: .caca, depth: .palette16),
        Case(environment: ["TERM": "xterm"], kind: .blocks, depth: .palette256),
        Case(environment: ["TERM": "vt100"], kind: .caca, depth: .palette16),
        Case(environment: [:], kind: .caca, depth: .palette16),
        // explicit override wins over everything, tmux included; bad values are ignored
        Case(environment: ["TERM": "tmux-256color", "TMUX": "x", "PHOTOPAGER_RENDERER": "sixel"], kind: .sixel, depth: .palette256),
        Case(environment: ["TERM": "linux", "PHOTOPAGER_RENDERER": "Kitty"], kind: .kitty, depth: .palette16),
        Case(environment: ["TERM": "linux", "PHOTOPAGER_RENDERER": "bogus"], kind: .caca, depth: .palette16),
    ]

    @Test(arguments: cases)
    func picks(_ testCase: Case) {
        let choice = RendererChoice.pick(environment: testCase.environment)
        #expect(choice.kind == testCase.kind, "\(choice)")
        #expect(choice.colorDepth == testCase.depth, "\(choice)")
        #expect(!choice.reason.isEmpty)
    }

    @Test func encoderFactoryMatchesKind() {
        for kind in RendererKind.allCases {
            #expect(kind.makeEncoder().kind == kind)
        }
        #expect((RendererKind.blocks.makeEncoder(colorDepth: .palette256) as? HalfBlockEncoder)?.colors == .xterm256)
        #expect((RendererKind.blocks.makeEncoder(colorDepth: .truecolor) as? HalfBlockEncoder)?.colors == .truecolor)
    }
}
