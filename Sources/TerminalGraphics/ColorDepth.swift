/// How many colours the terminal's text can take (read from the environment by
/// `ColorDepth.detect` in TerminalIO, beside the terminal profiles).
public enum ColorDepth: String, Sendable, CaseIterable {
    /// 24-bit SGR `38;2;r;g;b` (COLORTERM=truecolor or 24bit).
    case truecolor
    /// The xterm 256-colour palette, SGR `38;5;n` (TERM=*-256color).
    case palette256
    /// The 16 ANSI colours only (the Linux console, vt100, unknown terminals).
    case palette16
}
