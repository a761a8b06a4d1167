import CMalloc
import Dispatch
import Glibc

extension Platform {
    /// Runs `body` on a thread of its own. Pipeline workers and network calls block (in curl,
    /// for seconds): on Linux, libdispatch's global pool has about one thread per core and adds
    /// more only slowly when they block, so four downloads would share two threads and a page
    /// fetch would wait behind them.
    public static func startThread(_ body: @escaping @Sendable () -> Void) {
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

    /// Makes the calling thread nicer: on Linux the nice value is per thread, and `who` = 0
    /// means the calling thread only.
    public static func lowerThreadPriority() {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// glibc's defaults suit servers, not a viewer whose workers decode megabyte images: each
    /// thread gets its own 64 MB malloc arena, and after the first large free the threshold for
    /// mapping big buffers rises to 32 MB, so freed decode buffers stay resident. One arena per
    /// core and a fixed 256 kB threshold (big buffers mapped and unmapped) keep the resident size
    /// near what is in use: peak RSS of a 10,000-photo folder's grid 137 -> 57 MB.
    public static func tuneMemory() {
        photopager_tune_malloc(Int32(max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))), 256 * 1024)
    }
}

/// What `Platform.startThread` hands the new thread, through pthread's one pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
