import Glibc

extension Platform {
    /// Starts `argv` (searched in `PATH`) and lets it go: no shell, in a session of its own
    /// (so it has no controlling terminal and our Ctrl-C or Ctrl-Z never reach it), stdin,
    /// stdout and stderr on /dev/null (so it cannot draw over the UI), every signal at its
    /// default and none blocked. A thread waits for it, so it never lingers as a zombie.
    /// False when it could not be started (not found, not executable).
    static func spawnDetached(_ argv: [String], environment: [String: String]) -> Bool {
        guard !argv.isEmpty else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        // POSIX_SPAWN_SETSID (glibc 2.26+; not in Swift's Glibc module).
        let setSID: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(setSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, variables) == 0 else { return false }
        let child = pid
        startThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        return true
    }
}
