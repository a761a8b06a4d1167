/// What the app remembers between runs: the person's own choices, kept in the state file
/// (`$XDG_STATE_HOME/photopager/state`) by the shell — never in the config file, which is the
/// person's to write.
public struct Remembered: Sendable, Hashable {
    /// The grid's tile width in columns, once `+`/`-` picked one (nil: automatic).
    public var gridTileWidth: Int?

    public init(gridTileWidth: Int? = nil) {
        self.gridTileWidth = gridTileWidth
    }
}
