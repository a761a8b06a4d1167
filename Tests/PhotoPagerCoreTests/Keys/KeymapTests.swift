import Testing
@testable import PhotoPagerCore

@Suite("Keymap: one table of keys")
struct KeymapTests {
    @Test("no key means two things in one place")
    func noKeyIsBoundTwice() {
        for context in KeyContext.allCases {
            let chords = Keymap.bindings(in: context).flatMap(\.keys)
            #expect(Set(chords).count == chords.count, "\(context): \(chords.map(\.label))")
        }
    }

    @Test("lookups: the key pressed picks its own action of a multi-key line")
    func lookups() {
        #expect(Keymap.action(for: KeyChord(.character("c"), ctrl: true), in: .everywhere) == .abort)
        #expect(Keymap.action(for: KeyChord(.character("c")), in: .everywhere) == nil, "plain c is not Ctrl-C")
        #expect(Keymap.action(for: KeyChord(.character("h")), in: .pager) == .page(-1))
        #expect(Keymap.action(for: KeyChord(.character("l")), in: .pager) == .page(1))
        #expect(Keymap.action(for: KeyChord(.character(" ")), in: .pager) == .page(1))
        #expect(Keymap.action(for: KeyChord(.pageDown), in: .grid) == .move(.pageDown))
        #expect(Keymap.action(for: KeyChord(.character("k")), in: .grid) == .move(.up))
        #expect(Keymap.action(for: KeyChord(.left), in: [.infoPanel, .common, .pager]) == .panelCollapse, "the panel first")
        #expect(Keymap.action(for: KeyChord(.character("h")), in: [.infoPanel, .common, .pager]) == .page(-1))
    }

    @Test("labels as the help writes them")
    func labels() {
        #expect(KeyChord(.character("c"), ctrl: true).label == "Ctrl-C")
        #expect(KeyChord(.character(" ")).label == "Space")
        #expect(KeyChord(.escape).label == "esc")
        #expect(KeyChord(.enter).label == "⏎")
        #expect(KeyChord(.character("G")).label == "G")
    }

    /// Space and Home/End page in the pager: the keys the old help texts forgot.
    @Test("Space, Home and End do in the pager what the table says")
    func pagerKeysDoWhatTheySay() {
        var session = AppFixtures.session()
        session.keys(.enter)
        session.type(" ")
        #expect(session.state.pagerIndex == 1)
        session.keys(.end)
        #expect(session.state.pagerIndex == 11)
        session.keys(.home)
        #expect(session.state.pagerIndex == 0)
        session.type("f")
        #expect(session.state.pager.isFullscreen)
        session.keys(.escape)
        #expect(!session.state.pager.isFullscreen && session.state.mode == .pager, "esc: full screen off first")
        session.keys(.escape)
        #expect(session.state.mode == .grid)
    }

    @Test("the status hints come from the table and name only keys that reach them")
    func hints() {
        var session = AppFixtures.session()
        #expect(StatusLine.hints(for: session.state) == "Samples · ←↑↓→ move · ⏎ open · q quit · s share · / filter · m mark · i info · ? keys")
        session.keys(.enter)
        #expect(StatusLine.hints(for: session.state) == "←→ page · f full screen · esc grid · s share · / filter · m mark · i info · ? keys")
        session.type("i")
        // The panel owns ← and → now: paging is h and l.
        #expect(StatusLine.hints(for: session.state)
            == "↑↓ row · ⏎ expand · ← collapse · esc close · h l page · f full screen · s share · / filter · m mark · i info · ? keys")
    }

    /// On a 24-row terminal the overlay does not fit: it says there is more, scrolls to every
    /// line and no further, and closes.
    @Test("the ? overlay scrolls on a small terminal")
    func overlayScrolls() {
        var session = AppFixtures.session(columns: 80, rows: 24)
        session.type("?")
        let lines = KeyMapView.lines(for: .grid)
        #expect(lines.count > 22)
        #expect(session.frame.allText.contains("↓ more"))
        #expect(!session.frame.allText.contains("scroll a page up"))
        for _ in 0 ..< 5 { session.keys(.pageDown) }
        #expect(session.state.chrome.keyMap.scroll == KeyMapView.maximumScroll(session.state), "clamped at the end")
        #expect(session.frame.allText.contains("scroll a page up"), "the last line is reachable")
        #expect(session.frame.allText.contains("↑ more") && !session.frame.allText.contains("↓ more"))
        session.type("k")
        #expect(session.state.chrome.keyMap.scroll == KeyMapView.maximumScroll(session.state) - 1)
        session.type("q")
        #expect(!session.state.chrome.keyMap.isShown && session.state.mode == .grid, "q closes the help, it does not quit")
    }

    @Test("every context is in the manuals, and in the overlay of a mode it applies to")
    func everyContextIsDocumented() {
        #expect(Set(Keymap.manualOrder) == Set(KeyContext.allCases))
        #expect(Set(KeyMapView.contexts(for: .grid) + KeyMapView.contexts(for: .pager)) == Set(KeyContext.allCases))
    }

    @Test("every line of the overlay is a binding of the table")
    func overlayIsTheTable() {
        for mode in [AppState.Mode.grid, .pager] {
            let entries = KeyMapView.lines(for: mode).compactMap { line -> String? in
                if case .entry(let keys, let help) = line { keys + help } else { nil }
            }
            let table = KeyMapView.contexts(for: mode).flatMap { Keymap.bindings(in: $0).map { $0.label + $0.help } }
            #expect(entries == table)
        }
    }
}
