import Glibc

extension Platform {
    /// Runs `argv` (searched in `PATH`) with `environment`, stdin and stderr on /dev/null, and
    /// returns what it printed, or nil when it could not start, failed, or took longer than
    /// `timeout` (then it is killed). Output past 64 kB is dropped. The child starts with every
    /// signal at its default and none blocked, whatever the calling thread blocks.
    static func capture(_ argv: [String], environment: [String: String], timeout: Duration) -> String? {
        let pipe: (read: Int32, write: Int32)
        do { pipe = try makePipe() } catch { return nil }
        defer { close(pipe.read) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe.write, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let started = spawnClean(argv, environment, &actions, newSession: false)
        close(pipe.write)
        guard let pid = started else { return nil }
        var output: [UInt8] = []
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        // The pipe's read end is non-blocking: poll, read what is there, until end of file.
        reading: while clock.now < deadline {
            guard let ready = try? readable([pipe.read], timeout: deadline - clock.now), !ready.isEmpty else { break }
            switch (try? read(pipe.read)) {
            case .some(let chunk) where !chunk.isEmpty:
                if output.count < 65_536 { output += chunk }
            case .some:
                break reading                                  // end of file: it is done
            case .none:
                continue                                       // EAGAIN
            }
        }
        // End of file comes as it closes its output, a moment before it exits.
        guard exitedCleanly(pid, by: deadline) else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// Waits for `pid` until `deadline` (then kills it): whether it exited normally with status
    /// 0 (WIFEXITED && WEXITSTATUS == 0).
    static func exitedCleanly(_ pid: pid_t, by deadline: ContinuousClock.Instant) -> Bool {
        let clock = ContinuousClock()
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard clock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return false
            }
            usleep(1_000)
        }
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    /// Starts `argv` (searched in `PATH`) and lets it go: no shell, in a session of its own
    /// (so it has no controlling terminal and our Ctrl-C or Ctrl-Z never reach it), stdin,
    /// stdout and stderr on /dev/null (so it cannot draw over the UI), every signal at its
    /// default and none blocked. A thread waits for it, so it never lingers as a zombie.
    /// False when it could not be started (not found, not executable).
    public static func spawnDetached(_ argv: [String], environment: [String: String]) -> Bool {
        guard !argv.isEmpty else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard let child = spawnClean(argv, environment, &actions, newSession: true) else { return false }
        startThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        return true
    }

    /// `spawn` with every signal at its default and none blocked: our threads block the signals
    /// the signal thread takes, and a child inherits the mask of the thread that spawns it (a
    /// tmux server forked by a captured `tmux` would then ignore kill-server and SIGTERM for
    /// good). `newSession`: in a session of its own.
    private static func spawnClean(_ argv: [String], _ environment: [String: String],
                                   _ actions: UnsafePointer<posix_spawn_file_actions_t>, newSession: Bool) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        // POSIX_SPAWN_SETSID (glibc 2.26+; not in Swift's Glibc module).
        let setSID: Int32 = newSession ? 0x80 : 0
        posix_spawnattr_setflags(&attributes, Int16(setSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return spawn(argv, environment, actions, &attributes)
    }

    /// `posix_spawnp` of `argv` with `environment`, both as the C strings it takes; the child's
    /// pid, or nil when it could not be started.
    private static func spawn(_ argv: [String], _ environment: [String: String],
                              _ actions: UnsafePointer<posix_spawn_file_actions_t>,
                              _ attributes: UnsafePointer<posix_spawnattr_t>?) -> pid_t? {
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        var pid: pid_t = 0
        return posix_spawnp(&pid, argv[0], actions, attributes, arguments, variables) == 0 ? pid : nil
    }
}

extension Platform {
    /// What a command run on the terminal came to: its exit status (nil: killed by a signal, or
    /// it could not start) and what it printed (the last 64 kB).
    public struct Finished: Sendable, Equatable {
        public let status: Int32?
        public let output: String
    }

    /// Runs `argv` (no shell) in our session, on the terminal the caller gave up for it: `input`
    /// on its stdin, its stdout captured, its stderr on ours (the terminal), every signal at its
    /// default. Waits until it exits. Nil when it could not be started.
    public static func runAttached(_ argv: [String], environment: [String: String], input: [UInt8]) -> Finished? {
        var stdin: [Int32] = [-1, -1], stdout: [Int32] = [-1, -1]
        guard !argv.isEmpty, pipe(&stdin) == 0 else { return nil }
        guard pipe(&stdout) == 0 else { close(stdin[0]); close(stdin[1]); return nil }
        for fd in stdin + stdout { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
        let started = spawnClean(argv, environment, &actions, newSession: false)
        close(stdin[0])
        close(stdout[1])
        guard let pid = started else { close(stdin[1]); close(stdout[0]); return nil }
        // Written from a thread of its own: a child that reads nothing must not block us, and
        // one that exits early closes the pipe (EPIPE is ignored: SIGPIPE is).
        let writer = stdin[1]
        startThread {
            var offset = 0
            while offset < input.count {
                let n = input.withUnsafeBytes { Glibc.write(writer, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                offset += n
            }
            close(writer)
        }
        var output: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(stdout[0], $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            output += chunk[0 ..< n]
            if output.count > 65_536 { output.removeFirst(output.count - 65_536) }
        }
        close(stdout[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return Finished(status: exited ? (status >> 8) & 0xFF : nil, output: String(decoding: output, as: UTF8.self))
    }
}

extension Platform {
    /// Runs `argv` (no shell) with `input` on its stdin and stdout and stderr on /dev/null,
    /// waiting up to `timeout` for it to exit (a clipboard tool forks to serve the selection and
    /// its first process exits once it has read): true when it exited with status 0.
    public static func feed(_ argv: [String], environment: [String: String], input: [UInt8], timeout: Duration) -> Bool {
        var stdin: [Int32] = [-1, -1]
        guard !argv.isEmpty, pipe(&stdin) == 0 else { return false }
        _ = fcntl(stdin[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let started = spawnClean(argv, environment, &actions, newSession: true)
        close(stdin[0])
        guard let pid = started else { close(stdin[1]); return false }
        var offset = 0
        while offset < input.count {
            let n = input.withUnsafeBytes { Glibc.write(stdin[1], $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            offset += n
        }
        close(stdin[1])
        return exitedCleanly(pid, by: ContinuousClock.now + timeout) && offset == input.count
    }

    /// Where `name` is on `PATH` (an executable file), if anywhere.
    public static func executable(_ name: String, path: String?) -> String? {
        (path ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }
}
