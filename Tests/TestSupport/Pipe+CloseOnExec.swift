import Foundation
import Glibc

extension Pipe {
    /// This pipe with both ends closed on exec. Foundation's pipes are inherited by every
    /// process any test spawns meanwhile: a tmux server started by another test (TmuxTests,
    /// through posix_spawn) kept the write end of a run's stderr pipe for its whole life, and
    /// that run waited forever for the end of its stderr (the stall of `make test` seen twice).
    /// The child of the run itself still gets the pipe: its stdout and stderr are dup2'd copies,
    /// which exec keeps.
    public static func closedOnExec() -> Pipe {
        let pipe = Pipe()
        for fd in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        }
        return pipe
    }
}
