import CMalloc
import Dispatch
import Glibc

/// Every libc call the CLI makes, in one place: EINTR retried, errors as values.
enum Platform {
    /// Writes all of `bytes` to `fd`, retrying on EINTR and short writes. Returns false when
    /// the reader went away (EPIPE), so the caller can stop drawing quietly.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    static func write(_ fd: Int32, _ text: String) {
        write(fd, Array(text.utf8))
    }

    /// While the pager draws, standard error goes to /dev/null when it is the terminal: C
    /// libraries print there on their own (libjxl's debug lines for a broken file, libraw's
    /// "data corrupted"), and on the screen the pager owns they would scribble over the frame.
    /// The returned closure puts it back.
    static func silenceTerminalStderr() -> () -> Void {
        isatty(2) == 1 ? silenceStderr() : {}
    }

    /// `body` with standard error on /dev/null, for a library call that prints what we say in
    /// our own words afterwards (a one-shot render of a broken JPEG XL: five lines of libjxl's
    /// source locations above "corrupt image data"). Only for a caller that writes nothing to
    /// stderr meanwhile.
    static func withQuietStderr<T>(_ body: () throws -> T) rethrows -> T {
        let restore = silenceStderr()
        defer { restore() }
        return try body()
    }

    private static func silenceStderr() -> () -> Void {
        let saved = dup(2), null = open("/dev/null", O_WRONLY | O_CLOEXEC)
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

    /// Runs `body` on a thread of its own. Pipeline workers and network calls block (in curl,
    /// for seconds): on Linux, libdispatch's global pool has about one thread per core and adds
    /// more only slowly when they block, so four downloads would share two threads and a page
    /// fetch would wait behind them.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        if started != 0 {
            // No thread to be had (a process limit): libdispatch's pool, never the caller's
            // thread, which is the one reading keys.
            let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body
            DispatchQueue.global(qos: .userInitiated).async(execute: body)
        }
    }

    /// glibc's defaults suit servers, not a viewer whose workers decode megabyte images: each
    /// thread gets its own 64 MB malloc arena, and after the first large free the threshold for
    /// mapping big buffers rises to 32 MB, so freed decode buffers stay resident. One arena per
    /// core and a fixed 256 kB threshold (big buffers mapped and unmapped) keep the resident size
    /// near what is in use: peak RSS of a 10,000-photo folder's grid 137 -> 57 MB.
    static func tuneMemory() {
        photopager_tune_malloc(Int32(max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))), 256 * 1024)
    }

    /// Makes the calling thread nicer: on Linux the nice value is per thread, and `who` = 0
    /// means the calling thread only.
    static func lowerThreadPriority() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// A closed pipe must end the run with an error status, not kill it mid-escape-sequence.
    static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }
}

private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
