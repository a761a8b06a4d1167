extension Duration {
    /// Whole microseconds (rounded down), for usleep and C APIs.
    public var wholeMicroseconds: Int {
        Int(components.seconds) * 1_000_000 + Int(components.attoseconds / 1_000_000_000_000)
    }

    /// Whole milliseconds (rounded down).
    public var wholeMilliseconds: Int { wholeMicroseconds / 1000 }
}
