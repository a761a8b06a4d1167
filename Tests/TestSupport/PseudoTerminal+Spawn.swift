import Glibc

extension PseudoTerminal {
    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26; spawn.h defines it only under `_GNU_SOURCE`,
    /// which Swift's Glibc module does not set).
    static let spawnSetSID: Int32 = 0x80

    /// Signals a child must start with at their default action whatever this test process did
    /// with them (an ignored SIGPIPE or SIGINT would otherwise be inherited through exec).
    static let defaultedSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU,
                                   SIGWINCH, SIGCONT, SIGCHLD]

    /// Starts `executable` with this pty as its controlling terminal and as stdin, stdout and
    /// stderr — as a shell would start it in a terminal window.
    ///
    /// How, without fork (unsafe in a multithreaded Swift process): `posix_spawn` with
    /// `POSIX_SPAWN_SETSID` makes the child a session leader with no terminal; glibc runs the file
    /// actions after `setsid`, so opening the slave (without `O_NOCTTY`) as fd 0 makes it the
    /// child's controlling terminal, as on any Linux session leader. The child's process group
    /// is then the pty's foreground group: resizes send it SIGWINCH, and `/dev/tty` works.
    public func spawn(_ executable: String, arguments: [String] = [],
                      environment: [String: String] = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
        throws -> PseudoTerminalProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), emptyMask = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&emptyMask)
        for signal in Self.defaultedSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(call: "posix_spawn(\(executable))", errno: result) }
        return PseudoTerminalProcess(pid: pid)
    }
}
