/// The pipe behind `Waker`: both ends non-blocking, closed when the last owner goes.
final class WakePipe: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    init() throws {
        (readDescriptor, writeDescriptor) = try Platform.makePipe()
    }

    deinit {
        Platform.close(readDescriptor)
        Platform.close(writeDescriptor)
    }

    /// Empties the pipe; true if any wake-up was pending.
    func drain() -> Bool {
        (try? Platform.readAvailable(readDescriptor).isEmpty == false) ?? false
    }
}
