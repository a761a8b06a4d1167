/// Lets background work (decoding, encoding, fetching) interrupt the main loop's `poll`.
///
/// Workers finish off the main thread, put their results somewhere the main thread reads, and
/// call `wake()`; the loop then returns `.wake`. Wakes coalesce: many calls before the loop looks
/// yield one `.wake`. Copies share one pipe, which lives as long as any copy does, so a worker
/// finishing late never writes to a closed (or reused) descriptor.
public struct Waker: Sendable {
    let pipe: WakePipe

    public func wake() {
        Platform.poke(pipe.writeDescriptor)
    }
}
