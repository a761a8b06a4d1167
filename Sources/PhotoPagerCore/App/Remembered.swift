
/// What the app remembers between runs: the person's own choices, kept in the state file
/// (`$XDG_STATE_HOME/photopager/state`) by the shell — never in the config file, which is the
/// person's to write.
public struct Remembered: Sendable, Hashable {
    /// The grid's tile width in columns, once `+`/`-` picked one (nil: automatic).
    public var gridTileWidth: Int?
    /// The pager's filmstrip (`t`), once toggled (nil: off).
    public var showsFilmstrip: Bool?

    public init(gridTileWidth: Int? = nil, showsFilmstrip: Bool? = nil) {
        self.gridTileWidth = gridTileWidth
        self.showsFilmstrip = showsFilmstrip
    }
}
