import Foundation
import Testing
import TestSupport

/// Inside a multiplexer the pager asks the multiplexer first: its own DA1 decides whether it
/// draws sixel itself (tmux 3.4+ built with sixel, Zellij).
@Suite(.serialized, .ownThreads) struct MultiplexerProbeTests {
    /// Runs the pager as if inside `variables`' multiplexer, answers its DA1 with `reply`, and
    /// returns what it drew of the grid.
    func grid(inside variables: [String: String], answering reply: String) throws -> (InteractiveTestDriver, String) {
        let app = try InteractiveTestDriver(environment: variables.merging(["TERM": "tmux-256color"]) { $1 })
        var sent = ""
        #expect(app.waitFor { _ in sent = String(decoding: app.output, as: UTF8.self); return sent.contains("\u{1B}[c") })
        #expect(!sent.contains("\u{1B}_G"), "the kitty query would become a tmux window title")
        try app.type(reply)
        _ = app.waitFor { $0.images.count == 6 || $0.lines.joined().contains("▀") }
        app.pump(for: .milliseconds(200))
        return (app, String(decoding: app.output, as: UTF8.self))
    }

    @Test func aTmuxThatSaysSixelIsDrawnOnDirectly() throws {
        // A TMUX socket that does not exist: the pager must not need tmux's answers here.
        let (app, output) = try grid(inside: ["TMUX": "/nonexistent/photopager-test,1,0", "TMUX_PANE": "%0"],
                                     answering: "\u{1B}[?1;2;4c")
        #expect(app.screen.images.count == 6 && app.screen.images.allSatisfy { $0.kind.rawValue == "sixel" },
                "\(app.screen.images)")
        #expect(!output.contains("\u{1B}Ptmux;"), "tmux's own sixel needs no passthrough")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test func aTmuxWithoutSixelGetsHalfBlocks() throws {
        let (app, output) = try grid(inside: ["TMUX": "/nonexistent/photopager-test,1,0", "TMUX_PANE": "%0"],
                                     answering: "\u{1B}[?1;2c")
        #expect(app.screen.images.isEmpty && output.contains("▀"))
        #expect(!output.contains("\u{1B}Ptmux;") && !output.contains("\u{1B}Pq") && !output.contains("q\"1;1"))
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test func zellijThatSaysSixelIsDrawnOn() throws {
        let (app, _) = try grid(inside: ["ZELLIJ": "0"], answering: "\u{1B}[?62;4c")
        #expect(app.screen.images.count == 6 && app.screen.images.allSatisfy { $0.kind.rawValue == "sixel" },
                "\(app.screen.images)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
