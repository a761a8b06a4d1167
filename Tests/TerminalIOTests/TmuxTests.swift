import Foundation
import Testing
import TestSupport
@testable import TerminalIO

/// What `Tmux` reads from a real tmux server of the test's own (a private socket, no config).
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "needs tmux"))
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

    @Test func aServerThatIsGoneGivesNoAnswer() {
        let tmux = Tmux(environment: ["TMUX": "/nonexistent/socket,1,0", "TMUX_PANE": "%0", "PATH": "/usr/bin:/bin"])
        #expect(tmux?.paneIsShown == nil)
        #expect(tmux?.allowsPassthrough == false)
    }
}
