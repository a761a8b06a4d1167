import Glibc

extension Platform {
    /// Runs `argv` (searched in `PATH`) with `environment`, stdin and stderr on /dev/null, and
    /// returns what it printed, or nil when it could not start, failed, or took longer than
    /// `timeout` (then it is killed). Output past 64 kB is dropped.
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
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, argv[0], &actions, nil, arguments, variables)
        close(pipe.write)
        guard started == 0 else { return nil }
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
}
