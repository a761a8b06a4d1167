@testable import PhotoPagerCore
@testable import PhotoPagerBase

/// Photos and sessions for the app tests: every photo is 3:2, credited to "Photographer n", with
/// an unsplash.com page, so share URLs and fits are predictable.
enum AppFixtures {
    static func photo(_ number: Int, name: String? = nil, width: Int = 3000, height: Int = 2000) -> Photo {
        Photo(id: "p\(number)", width: width, height: height,
              urls: Photo.URLs(raw: "https://images.unsplash.com/photo-\(number)"),
              user: Photo.User(username: "user\(number)", name: name ?? "Photographer \(number)",
                               links: Photo.User.Links(html: "https://unsplash.com/@user\(number)")),
              createdAt: "2021-05-0\(number % 10)T10:00:00Z", color: "#336699",
              description: "Photo number \(number)", likes: number * 10,
              links: Photo.Links(html: "https://unsplash.com/photos/p\(number)",
                                 downloadLocation: "https://api.unsplash.com/photos/p\(number)/download?ixid=x"),
              exif: Photo.Exif(make: "Canon", model: "Canon EOS R\(number)", exposureTime: "1/250",
                               aperture: "4.0", focalLength: "35", iso: 100 * number))
    }

    static func photos(_ count: Int) -> [Photo] {
        (1...max(1, count)).prefix(count).map { photo($0) }
    }

    /// An Unsplash feed's status: it searches and gives details.
    static func feed(total: Int? = nil, hasMore: Bool) -> FeedStatus {
        FeedStatus(service: "Unsplash", capabilities: [.search, .details], total: total, hasMore: hasMore)
    }

    static func shareURL(_ number: Int) -> String {
        "https://unsplash.com/photos/p\(number)?utm_source=photopager&utm_medium=referral"
    }

    static func session(count: Int = 12, columns: Int = 100, rows: Int = 30, clipboard: Bool = true,
                        photos: [Photo]? = nil, feed: FeedStatus? = nil, headersPending: Set<String> = []) -> Session {
        let screen = AppState.Screen(columns: columns, rows: rows)
        var session = Session(state: AppState(photos: photos ?? self.photos(count), sourceName: "Samples",
                                              clipboardEnabled: clipboard, screen: screen, feed: feed,
                                              headersPending: headersPending))
        session.send(.resize(screen))
        return session
    }
}

/// A running app without a terminal: events in, effects logged.
struct Session {
    var state: AppState
    private(set) var log: [Effect] = []

    init(state: AppState) {
        self.state = state
    }

    @discardableResult
    mutating func send(_ events: AppEvent...) -> [Effect] {
        var effects: [Effect] = []
        for event in events { effects += update(&state, event) }
        log += effects
        return effects
    }

    @discardableResult
    mutating func keys(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects += send(.input(.key(key))) }
        return effects
    }

    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        var effects: [Effect] = []
        for character in text { effects += send(.input(.key(.character(character)))) }
        return effects
    }

    /// A press and its release, as a terminal reports a click.
    @discardableResult
    mutating func click(column: Int, row: Int) -> [Effect] {
        send(.input(.mouse(MouseEvent(action: .press(.left), column: column, row: row))),
             .input(.mouse(MouseEvent(action: .release(.left), column: column, row: row))))
    }

    /// The left button pressed at `from`, moved through `path`, released at the end.
    @discardableResult
    mutating func drag(from: (Int, Int), through path: [(Int, Int)]) -> [Effect] {
        var effects = send(.input(.mouse(MouseEvent(action: .press(.left), column: from.0, row: from.1))))
        for point in path { effects += send(.input(.mouse(MouseEvent(action: .drag(.left), column: point.0, row: point.1)))) }
        let end = path.last ?? from
        effects += send(.input(.mouse(MouseEvent(action: .release(.left), column: end.0, row: end.1))))
        return effects
    }

    mutating func wheel(_ action: MouseEvent.Action, column: Int, row: Int) {
        send(.input(.mouse(MouseEvent(action: action, column: column, row: row))))
    }

    /// Answers every outstanding decode as the shell would on success.
    mutating func decodeAll() {
        for (content, load) in state.images.loads.asked where load == .loading {
            send(.photoDecoded(content, .decoded))
        }
    }

    var frame: Frame { AppView.frame(for: state) }

    /// The decode requests in `effects`.
    static func decodes(_ effects: [Effect]) -> [Effect.DecodeRequest] {
        effects.compactMap { if case .decode(let request) = $0 { request } else { nil } }
    }

    static func cancels(_ effects: [Effect]) -> [Set<ImageContent>] {
        effects.compactMap { if case .cancelDecodes(let keep) = $0 { keep } else { nil } }
    }
}

extension Frame {
    /// Row `row` as text, continuation cells left out (so a wide character reads as itself).
    func text(row: Int) -> String {
        String((0..<columns).compactMap { self[$0, row].isContinuation ? nil : self[$0, row].character })
    }

    var allText: String {
        (0..<rows).map { text(row: $0) }.joined(separator: "\n")
    }
}
