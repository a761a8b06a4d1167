import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

/// Untrusted text and hostile sizes: no control character reaches a cell, no size crashes.
@Suite("Views: hostile text and tiny terminals")
struct ViewsSafetyTests {
    static let hostile = "Eve\u{1b}]52;c;ZXZpbA==\u{07}\u{202E}lin\u{9b}2J\r\nk\u{0}\u{7f}\u{2066}x\u{85}\t"

    static func hostilePhoto(_ number: Int) -> Photo {
        var photo = AppFixtures.photo(number, name: hostile + "\(number)")
        photo.description = hostile
        photo.location = Photo.Location(name: hostile)
        photo.exif?.make = hostile
        photo.createdAt = hostile
        photo.links = Photo.Links(html: "https://unsplash.com/photos/x" + hostile)
        photo.user.links = Photo.User.Links(html: hostile)
        return photo
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func expectSafe(_ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let cell = frame[column, row]
                #expect(!cell.character.unicodeScalars.contains(where: isUnsafe), sourceLocation: sourceLocation)
                #expect(!(cell.link ?? "").unicodeScalars.contains(where: isUnsafe), sourceLocation: sourceLocation)
                if cell.isContinuation {
                    #expect(column > 0 && TerminalText.displayWidth(of: frame[column - 1, row].character) == 2,
                            sourceLocation: sourceLocation)
                } else if TerminalText.displayWidth(of: cell.character) == 2 {
                    #expect(column + 1 < frame.columns && frame[column + 1, row].isContinuation,
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("hostile photographer names and fields never put control characters into cells")
    func hostileText() {
        var session = AppFixtures.session(photos: (1...6).map(Self.hostilePhoto))
        Self.expectSafe(session.frame)
        let captionRow = session.state.visibleGridTiles[0].caption.y          // screen coordinates
        #expect(session.frame.text(row: captionRow).contains("▶ Evelin kx  1"), "\(session.frame.text(row: captionRow))")
        session.type("i")
        for _ in InfoField.allCases { session.keys(.enter, .down) }
        Self.expectSafe(session.frame)
        session.type("i")
        session.keys(.enter)
        Self.expectSafe(session.frame)
        #expect(session.frame.text(row: 0).contains("Evelin kx"), "\(session.frame.text(row: 0))")
        session.type("i")
        Self.expectSafe(session.frame)
        let shared = session.type("s")
        Self.expectSafe(session.frame)
        // The page link carries control characters, so the share falls back to the image URL.
        #expect(shared.contains(.copyToClipboard("https://images.unsplash.com/photo-1")))
        #expect(session.state.chrome.notice == .shared(url: "https://images.unsplash.com/photo-1", copied: true))
        session.type("?")
        Self.expectSafe(session.frame)
    }

    @Test("s on a photo whose only links are refused says so and shares nothing")
    func refusedShareIsAStatusMessage() {
        var evil = AppFixtures.photo(1)
        evil.links?.html = "javascript:alert(document.cookie)"
        evil.urls = .init(raw: "data:image/png;base64,AAAA")
        var session = AppFixtures.session(photos: [evil, AppFixtures.photo(2)])
        session.keys(.enter)
        let effects = session.type("s")
        #expect(!effects.contains { if case .copyToClipboard = $0 { true } else { false } })
        #expect(session.state.exitSelection.isEmpty, "nothing to print at exit")
        #expect(session.state.chrome.notice == .nothingToShare(refused: "javascript:"))
        let status = session.frame.text(row: session.frame.rows - 1)
        #expect(status.contains("Not shared: a javascript: link (only http, https and file links are)"), "\(status)")
    }

    @Test("wide names keep their continuation cells, also where they are cut")
    func wideNames() {
        let names = ["山田太郎🙂写真家の名前はとても長いです", "👩‍👩‍👧‍👦 family", "e\u{301}\u{200B}x"]
        let photos = names.enumerated().map { AppFixtures.photo($0.offset + 1, name: $0.element) }
        for columns in [100, 41, 23, 10] {
            var session = AppFixtures.session(columns: columns, rows: 30, photos: photos)
            Self.expectSafe(session.frame)
            session.keys(.enter)
            Self.expectSafe(session.frame)
        }
    }

    @Test("tiny and degenerate terminals render every screen without crashing",
          arguments: [(10, 5), (0, 0), (1, 1), (2, 2), (5, 3), (20, 3), (30, 4), (3, 40)])
    func tinySizes(columns: Int, rows: Int) {
        var session = AppFixtures.session(count: 5, columns: columns, rows: rows)
        var frames = [session.frame]
        session.decodeAll()
        frames.append(session.frame)
        session.keys(.enter)
        session.decodeAll()
        frames.append(session.frame)
        session.type("f")
        session.decodeAll()
        frames.append(session.frame)
        session.type("fi")
        session.keys(.down, .enter)
        frames.append(session.frame)
        session.type("?")
        frames.append(session.frame)
        session.keys(.escape, .escape)
        session.send(.photoDecoded(ImageContent(photoID: "p2", pixelSize: .typicalCell), .failed(reason: "bad")))
        session.keys(.right)
        frames.append(session.frame)
        session.type("qi")
        frames.append(session.frame)
        for frame in frames {
            #expect(frame.columns == columns && frame.rows == rows)
            #expect(frame.images.allSatisfy { !$0.rect.isEmpty && $0.rect.x >= 0 && $0.rect.y >= 0
                && $0.rect.maxX <= columns && $0.rect.maxY <= rows })
            Self.expectSafe(frame)
        }
    }
}

@Suite struct PlaceholderTests {
    /// The half-block cells of a grid showing only `photo`, still loading.
    static func blurredCells(_ photo: Photo) -> [Cell] {
        var state = AppState(photos: [photo], sourceName: "t", screen: AppState.Screen(columns: 60, rows: 20))
        _ = update(&state, .resize(state.screen))
        return AppView.frame(for: state).cells.filter { $0.character == "▀" }
    }

    /// A photo still loading whose manifest carries a BlurHash shows it as half-blocks.
    @Test func loadingPhotosShowTheirBlurHash() {
        var photo = Photo(id: "b", width: 300, height: 200, urls: Photo.URLs(raw: "b.jpg"), user: Photo.User(name: "B"))
        photo.blurHash = "1~Bg3u|c"
        let blurred = Self.blurredCells(photo)
        #expect(blurred.count > 20)
        #expect(blurred.contains { if case .rgb(let r, _, _) = $0.style.foreground { r > 150 } else { false } })
    }

    /// A loading Immich photo shows its ThumbHash: the reference's flower, orange on dark.
    @Test func loadingPhotosShowTheirThumbHash() {
        var photo = Photo(id: "t", width: 300, height: 420, urls: Photo.URLs(raw: "t.jpg"), user: Photo.User(name: "T"))
        photo.thumbHash = "k0oGLQaSVsN0BVhn2oq2Z5SQUQcZ"
        let blurred = Self.blurredCells(photo)
        #expect(blurred.count > 20)
        // On average the hash's own average colour (0.48, 0.34, 0.08: a warm orange).
        var sum = (r: 0, g: 0, b: 0)
        for cell in blurred {
            if case .rgb(let r, let g, let b) = cell.style.foreground { sum = (sum.r + Int(r), sum.g + Int(g), sum.b + Int(b)) }
        }
        let mean = (r: sum.r / blurred.count, g: sum.g / blurred.count, b: sum.b / blurred.count)
        #expect(abs(mean.r - 123) < 25 && abs(mean.g - 87) < 25 && abs(mean.b - 20) < 25, "\(mean)")
        photo.thumbHash = "not a hash"
        #expect(Self.blurredCells(photo).isEmpty)                   // a bad one: the plain grey
    }
}
