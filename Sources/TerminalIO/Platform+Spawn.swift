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
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard clock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return nil
            }
            usleep(1_000)
        }
        // Exited normally with status 0 (WIFEXITED && WEXITSTATUS == 0).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
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
