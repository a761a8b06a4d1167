import PhotoPagerBase

/// The photos asked of the shell and how each went: what is loading, drafted or ready, by
/// exact content; which photos failed (a failure is about the file, so it holds for every size
/// and the photo is never asked for again), and which of those may load later (the network);
/// and the spinner, which turns while the screen waits.
public struct ImageLoads: Sendable, Hashable {
    /// The decodes asked of the shell and not yet dropped, by exact content. Always a subset of
    /// the decodes the screen wants now (stale ones are dropped and cancelled).
    public internal(set) var asked: [ImageContent: LoadState] = [:]
    /// Photos that could not be decoded, by id, with the reason.
    public internal(set) var failures: [String: String] = [:]
    /// Failed photos that may load later: forgotten at the next key.
    private var retryOnMove: Set<String> = []
    /// Advanced while a visible photo is loading; views pick the spinner glyph from it.
    public internal(set) var spinnerPhase = 0

    /// What the screen knows about `content`: failures win, then what was asked of the shell.
    public func state(of content: ImageContent) -> LoadState {
        if let reason = failures[content.photoID] { return .failed(reason: reason) }
        return asked[content] ?? .notRequested
    }

    /// Whether any decode asked for is still loading.
    public var anyLoading: Bool { asked.values.contains(.loading) }

    /// Whether a decode of photo `photoID` is still loading.
    public func isLoading(photoID: String) -> Bool {
        asked.contains { $0.key.photoID == photoID && $0.value == .loading }
    }

    /// Asks for what is `wanted` and not yet asked for; drops what is no longer wanted. When
    /// anything is dropped the shell hears the new working set first (`.cancelDecodes`), so a
    /// burst of page turns leaves only the latest pages decoding.
    mutating func reconcile(_ wanted: [Effect.DecodeRequest]) -> [Effect] {
        let keep = Set(wanted.map(\.content))
        var effects: [Effect] = []
        let stale = asked.keys.filter { !keep.contains($0) }
        if !stale.isEmpty {
            for content in stale { asked[content] = nil }
            effects.append(.cancelDecodes(except: keep))
        }
        for request in wanted where asked[request.content] == nil {
            asked[request.content] = .loading
            effects.append(.decode(request))
        }
        return effects
    }

    /// A decode result. Success only counts for content still asked for (a late answer to a
    /// cancelled request changes nothing); a failure always counts, because it is about the file.
    mutating func apply(_ outcome: DecodeOutcome, for content: ImageContent) {
        switch outcome {
        case .decoded:
            if asked[content] != nil { asked[content] = .ready }
        case .drafted:
            if asked[content] == .loading { asked[content] = .drafted }
        case .unavailable(let reason):
            retryOnMove.insert(content.photoID)
            failed(content.photoID, reason: reason)
        case .failed(let reason):
            failed(content.photoID, reason: reason)
        }
    }

    /// Photo `photoID` cannot be shown (its decode, or its header, failed).
    mutating func failed(_ photoID: String, reason: String) {
        failures[photoID] = reason
        for key in asked.keys where key.photoID == photoID { asked[key] = nil }
    }

    /// A key was pressed: photos that were unavailable (offline) are asked for again.
    mutating func retryUnavailable() {
        for id in retryOnMove { failures[id] = nil }
        retryOnMove.removeAll()
    }

    /// Turns the spinner, while the screen waits for a photo.
    mutating func turnSpinner() {
        spinnerPhase = (spinnerPhase + 1) % 720
    }
}
