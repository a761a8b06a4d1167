/// Everything that can happen to the app, as values: what the shell feeds into ``update(_:_:)``.
public enum AppEvent: Sendable, Hashable {
    /// A key, mouse report, paste… from ``InputDecoder``.
    case input(InputEvent)
    /// The terminal's size (SIGWINCH, and once at start with the measured size).
    case resize(AppState.Screen)
    /// The shell finished (or gave up on) a `.decode` effect. `content` is the effect's
    /// ``Effect/DecodeRequest/content``, unchanged.
    case photoDecoded(ImageContent, DecodeOutcome)
    /// A timer for the loading spinner (about 10 per second is plenty).
    case tick
    /// More photos arrived (the next page of an API listing).
    case photosAppended([Photo])
}

/// What came of one decode.
public enum DecodeOutcome: Sendable, Hashable {
    /// The photo is decoded at exactly the requested pixel size and can be placed.
    case decoded
    /// It cannot be shown; `reason` is shown to the person ("not a JPEG", "file not found").
    case failed(reason: String)
}
