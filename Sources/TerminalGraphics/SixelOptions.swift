/// The dial of sixel encoding: how many palette registers to fill.
public struct SixelOptions: Sendable, Hashable {
    /// Palette size, 2…256.
    public var colors: Int

    public init(colors: Int = 256) {
        self.colors = min(max(colors, 2), 256)
    }
}
