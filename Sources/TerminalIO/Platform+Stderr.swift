import Glibc

extension Platform {
    /// While the pager draws, standard error goes to /dev/null when it is the terminal: C
    /// libraries print there on their own (libjxl's debug lines for a broken file, libraw's
    /// "data corrupted"), and on the screen the pager owns they would scribble over the frame.
    /// The returned closure puts it back.
    public static func silenceTerminalStderr() -> () -> Void {
        isatty(2) == 1 ? silenceStderr() : {}
    }

    /// `body` with standard error on /dev/null, for a library call that prints what we say in
    /// our own words afterwards (a one-shot render of a broken JPEG XL: five lines of libjxl's
    /// source locations above "corrupt image data"). Only for a caller that writes nothing to
    /// stderr meanwhile.
    public static func withQuietStderr<T>(_ body: () throws -> T) rethrows -> T {
        let restore = silenceStderr()
        defer { restore() }
        return try body()
    }

    /// Points standard error at /dev/null; the returned closure points it back.
    private static func silenceStderr() -> () -> Void {
        let saved = dup(2), null = Glibc.open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard saved >= 0, null >= 0, dup2(null, 2) >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return {}
        }
        close(null)
        return {
            dup2(saved, 2)
            close(saved)
        }
    }
}
