@testable import PhotoPagerBase
@testable import TerminalIO

enum TerminalTargets {
    /// The decoder is fed in read-sized pieces: where the reads split the bytes must not change
    /// the events (a sequence split across two reads is one sequence).
    static func input(_ bytes: UnsafeRawBufferPointer) {
        let all = Array(bytes)
        var whole = InputDecoder()
        let once = whole.feed(all) + whole.flushPendingEscape()
        guard let first = all.first else { return }
        let cut = Int(first) % (all.count + 1)
        var split = InputDecoder()
        let twice = split.feed(all[..<cut]) + split.feed(all[cut...]) + split.flushPendingEscape()
        require(once == twice, "events differ when the bytes are split at \(cut): \(once) vs \(twice)")
    }

    /// Replies (real or forged) shape the capabilities and the renderer choice, never a crash;
    /// a reply's text reaches `--verbose` only through the sanitiser.
    static func replies(_ bytes: UnsafeRawBufferPointer) {
        var decoder = InputDecoder()
        var capabilities = TerminalCapabilities()
        for event in decoder.feed(Array(bytes)) + decoder.flushPendingEscape() {
            _ = capabilities.absorb(event)
        }
        for environment in [["TERM": "xterm-256color"], ["TMUX": "/tmp/t,1,0", "TERM": "tmux-256color"], ["TERM": "linux"]] {
            let decision = chooseRenderer(capabilities: capabilities, environment: environment)
            let reason = TerminalText.sanitized(decision.reason)
            require(!reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) },
                    "a control character in the sanitised reason")
            _ = chooseRenderer(capabilities: capabilities, environment: environment, throughTmux: true)
        }
    }

    /// `sanitized` leaves nothing that drives a terminal; `truncated` keeps to its width.
    static func text(_ bytes: UnsafeRawBufferPointer) {
        let clean = TerminalText.sanitized(bytes.text)
        for scalar in clean.unicodeScalars {
            let value = scalar.value
            require(value >= 0x20 && !(0x7F ... 0x9F).contains(value), "control U+\(String(value, radix: 16)) survived")
            require(!(0x202A ... 0x202E).contains(value) && !(0x2066 ... 0x2069).contains(value),
                    "bidi control U+\(String(value, radix: 16)) survived")
        }
        require(TerminalText.sanitized(clean) == clean, "sanitising twice changed the text")
        let width = Int(bytes.first ?? 0) % 40
        let cut = TerminalText.truncated(clean, toWidth: width)
        require(TerminalText.displayWidth(cut) <= width, "truncated to \(width) is \(TerminalText.displayWidth(cut)) wide")
    }
}
