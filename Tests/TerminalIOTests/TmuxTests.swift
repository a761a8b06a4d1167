import Foundation
import Testing
import TestSupport
@testable import TerminalIO

/// What `Tmux` reads from a real tmux server of the test's own (a private socket, no config).
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "needs tmux"), .ownThreads)
struct TmuxTests {
    final class Server {
        let name = "photopager-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        private(set) var socket = ""
        init() throws {
            try run(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24"])
            socket = try run(["display", "-p", "#{socket_path}"])
        }
        deinit {
            _ = try? run(["kill-server"])
            unlink(socket)
        }

        /// Through the code under test's own spawner (Foundation's `Process` waits forever here
        /// once tmux has forked its server).
        /// A client can fail while the server is still starting or busy on a loaded machine, so
        /// a failed command is tried a few times.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            var output: String?
            for attempt in 0 ..< 5 where output == nil {
                if attempt > 0 { usleep(200_000) }
                output = Platform.capture(["tmux", "-L", name] + arguments, environment: ["PATH": "/usr/bin:/bin"],
                                          timeout: .seconds(5))
            }
            return try #require(output, "tmux \(arguments.joined(separator: " ")) failed").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The environment a program in the first pane would have.
        func paneEnvironment() throws -> [String: String] {
            let fields = try run(["display", "-p", "-t", "t:0.0", "#{socket_path},#{pid},#{session_id} #{pane_id}"])
                .split(separator: " ").map(String.init)
            return ["TMUX": fields[0], "TMUX_PANE": fields[1], "PATH": "/usr/bin:/bin"]
        }
    }

    @Test func outsideTmuxThereIsNone() {
        #expect(Tmux(environment: ["TERM": "xterm"]) == nil)
    }

    /// `allow-passthrough` set on the pane only (which `show -gv` would not report).
    @Test func passthroughIsReadForThePaneItself() throws {
        let server = try Server()
        let tmux = try #require(Tmux(environment: try server.paneEnvironment()))
        #expect(!tmux.allowsPassthrough)
        try server.run(["set", "-p", "-t", "t:0.0", "allow-passthrough", "on"])
        #expect(tmux.allowsPassthrough)
        #expect(try server.run(["show", "-gv", "allow-passthrough"]) == "off", "the global value stays off")
    }

    @Test func thePaneIsHiddenWhenAnotherWindowIsShown() throws {
        let server = try Server()
        let tmux = try #require(Tmux(environment: try server.paneEnvironment()))
        #expect(tmux.paneIsShown == true)
        try server.run(["new-window", "-t", "t"])
        #expect(tmux.paneIsShown == false)
        try server.run(["select-window", "-t", "t:0"])
        #expect(tmux.paneIsShown == true)
    }

    @Test func thePaneStateSaysWhereThePaneIsOnTheOuterTerminal() {
        #expect(Tmux.PaneState(parsing: "110 0 0 on bottom") == .init(shown: true, column: 0, row: 0))
        #expect(Tmux.PaneState(parsing: "110 41 0 on top") == .init(shown: true, column: 41, row: 1), "below the status line")
        #expect(Tmux.PaneState(parsing: "111 0 12 2 top") == .init(shown: false, column: 0, row: 14), "copy mode; two status lines")
        #expect(Tmux.PaneState(parsing: "010 3 4 off top") == .init(shown: false, column: 3, row: 4))
        #expect(Tmux.PaneState(parsing: "110 x 0 on top") == nil)
        #expect(Tmux.PaneState(parsing: "") == nil)
    }

    /// A split moves the second pane; its state says where, as the real tmux reports it.
    @Test func aSplitPaneIsFoundWhereItIs() throws {
        let server = try Server()
        try server.run(["split-window", "-h", "-t", "t:0.0"])
        var environment = try server.paneEnvironment()
        environment["TMUX_PANE"] = try server.run(["display", "-p", "-t", "t:0.1", "#{pane_id}"])
        let right = try #require(Tmux(environment: environment)?.paneState)
        #expect(right.column > 30 && right.row == 0, "\(right)")
        try server.run(["set", "-g", "status-position", "top"])
        #expect(Tmux(environment: environment)?.paneState?.row == 1)
    }

    /// With a client attached on a terminal of the test's own, bytes sent to the clients arrive
    /// on that terminal (how kitty placements leave a pane tmux no longer shows).
    @Test func bytesForTheClientsReachTheirTerminal() throws {
        let server = try Server()
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let client = try terminal.spawn("/usr/bin/tmux", arguments: ["-L", server.name, "attach", "-t", "t"],
                                        environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
        defer { client.signal(SIGKILL); _ = client.wait(timeout: .seconds(2)) }
        _ = terminal.read(timeout: .milliseconds(500))                  // tmux draws the session
        let tmux = try #require(Tmux(environment: try server.paneEnvironment()))
        let marker = "\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\"
        var seen: [UInt8] = []
        for _ in 0 ..< 5 where !PseudoTerminal.contains(seen, Array(marker.utf8)) {
            tmux.sendToClients(Array(marker.utf8))
            seen += terminal.read(untilContains: marker, timeout: .seconds(1))
        }
        #expect(PseudoTerminal.contains(seen, Array(marker.utf8)))
    }

    @Test func aServerThatIsGoneGivesNoAnswer() {
        let tmux = Tmux(environment: ["TMUX": "/nonexistent/socket,1,0", "TMUX_PANE": "%0", "PATH": "/usr/bin:/bin"])
        #expect(tmux?.paneIsShown == nil)
        #expect(tmux?.allowsPassthrough == false)
    }
}
