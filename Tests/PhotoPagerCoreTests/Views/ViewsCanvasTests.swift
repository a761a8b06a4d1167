import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("Views: canvas, wrapping, info rows")
struct ViewsCanvasTests {
    @Test("writes sanitised, width-aware text and marks continuation cells")
    func wideText() {
        var canvas = Canvas(columns: 10, rows: 1)
        let used = canvas.write("a写\u{1b}[31mb", x: 1, y: 0)
        #expect(used == 4)                                // the whole CSI is dropped, not just ESC
        #expect(canvas.frame.text(row: 0) == " a写b     ")
        #expect(canvas.frame[3, 0].isContinuation)
        #expect(canvas.frame[2, 0].character == "写")
    }

    @Test("cuts to the width with an ellipsis and never splits a wide character")
    func truncation() {
        var canvas = Canvas(columns: 10, rows: 1)
        canvas.write("写真写真写真", x: 0, y: 0, width: 6)
        #expect(canvas.frame.text(row: 0) == "写真…     ")  // 2+2+1 columns, 5 blank
        var edge = Canvas(columns: 4, rows: 1)
        edge.write("abc写", x: 0, y: 0)
        #expect(edge.frame.text(row: 0) == "abc…")
        #expect(!edge.frame.cells.contains { $0.isContinuation })
    }

    @Test("overwriting half of a wide character blanks the other half")
    func repairsWideCharacters() {
        var canvas = Canvas(columns: 6, rows: 1)
        canvas.write("写真", x: 0, y: 0)
        canvas.write("x", x: 1, y: 0)  // the continuation of 写
        canvas.write("y", x: 2, y: 0)  // the head of 真
        #expect(canvas.frame.text(row: 0) == " xy   ")
        #expect(!canvas.frame.cells.contains { $0.isContinuation })
    }

    @Test("text off the left or right edge is clipped, links cover the written cells")
    func clippingAndLinks() {
        var canvas = Canvas(columns: 5, rows: 2)
        canvas.write("abcdef", x: -2, y: 0)
        #expect(canvas.frame.text(row: 0) == "cdef ")
        canvas.write("url", x: 3, y: 1, link: "https://x")
        #expect(canvas.frame.text(row: 1) == "   u…")
        #expect(canvas.frame[3, 1].link == "https://x" && canvas.frame[4, 1].link == "https://x")
        #expect(canvas.frame[2, 1].link == nil)
        #expect(canvas.write("z", x: 0, y: 5) == 0)
    }

    @Test("wraps at spaces by display width and breaks only words longer than a line", arguments: [
        ("the quick brown fox", 10, ["the quick", "brown fox"]),
        ("https://unsplash.com/photos/abc", 12, ["https://unsp", "lash.com/pho", "tos/abc"]),
        ("写真 写真写真", 4, ["写真", "写真", "写真"]),
        ("a\nb\tc", 10, ["a b c"]),
        ("", 10, []),
        ("word", 0, []),
    ])
    func wrapping(text: String, width: Int, lines: [String]) {
        #expect(TextWrap.lines(text, width: width) == lines)
    }

    @Test("info rows: every field in order, unknowns as —, the camera make not repeated")
    func infoRows() {
        var photo = AppFixtures.photo(7)
        photo.location = Photo.Location(city: "Kyoto", country: "Japan")
        photo.likes = nil
        let rows = InfoRow.rows(for: photo)
        #expect(rows.map(\.field) == InfoField.allCases)
        let byField = Dictionary(uniqueKeysWithValues: rows.map { ($0.field, $0) })
        #expect(byField[.camera]?.summary == "Canon EOS R7")
        #expect(byField[.location]?.summary == "Kyoto, Japan")
        #expect(byField[.likes]?.summary == "—")
        #expect(byField[.exposure]?.summary == "1/250 s")
        #expect(byField[.date]?.summary == "2021-05-07")
        #expect(byField[.date]?.full == "2021-05-07T10:00:00Z")
        #expect(byField[.photographer]?.full == "Photographer 7 (@user7) https://unsplash.com/@user7?utm_source=photopager&utm_medium=referral")
        #expect(byField[.source]?.summary == "Photo by Photographer 7 on Unsplash")
        #expect(byField[.source]?.full.contains("Unsplash License") == true)
        #expect(InfoRow.camera(make: "NIKON CORPORATION", model: "NIKON D850") == "NIKON CORPORATION NIKON D850")
        #expect(byField[.colour]?.summary == "—" && byField[.files]?.summary == "—")     // not a local file
        #expect(byField[.lens]?.summary == "—" && byField[.people]?.summary == "—")
        photo.exif?.lens = "RF 24-105mm F4 L IS USM"
        photo.people = ["Ada Lovelace", "Alan \u{1B}[31mTuring"]
        let more = Dictionary(uniqueKeysWithValues: InfoRow.rows(for: photo).map { ($0.field, $0) })
        #expect(more[.lens]?.summary == "RF 24-105mm F4 L IS USM")
        photo.timeZone = "Asia/Tokyo"
        let zoned = Dictionary(uniqueKeysWithValues: InfoRow.rows(for: photo).map { ($0.field, $0) })
        #expect(zoned[.date]?.summary == "2021-05-07" && zoned[.date]?.full == "2021-05-07T10:00:00Z (Asia/Tokyo)")
        #expect(more[.people]?.summary == "Ada Lovelace, Alan Turing")      // names are strangers' text: no escapes
    }

    @Test("info rows: a local photo's colours, and both files of a RAW + JPEG pair")
    func infoRowsOfALocalPair() {
        var photo = AppFixtures.photo(3)
        photo.fileDetails = Photo.FileDetails(colour: "Display P3 → sRGB", files: ["/card/DCIM/IMG_0003.JPG", "/card/DCIM/IMG_0003.CR3"])
        let rows = Dictionary(uniqueKeysWithValues: InfoRow.rows(for: photo).map { ($0.field, $0) })
        #expect(rows[.colour]?.summary == "Display P3 → sRGB")
        #expect(rows[.files]?.summary == "IMG_0003.JPG + IMG_0003.CR3")
        #expect(rows[.files]?.full == "/card/DCIM/IMG_0003.JPG + /card/DCIM/IMG_0003.CR3")
    }

    @Test("a header read later keeps the pair the listing found")
    func aReadHeaderKeepsThePair() {
        var listed = AppFixtures.photo(3)
        listed.fileDetails = Photo.FileDetails(files: ["/a/IMG.JPG", "/a/IMG.DNG"])
        var read = AppFixtures.photo(3)
        read.width = 6000
        read.fileDetails = Photo.FileDetails(colour: "sRGB", files: ["/a/IMG.JPG"])
        let merged = read.keepingFiles(of: listed)
        #expect(merged.width == 6000)
        #expect(merged.fileDetails == Photo.FileDetails(colour: "sRGB", files: ["/a/IMG.JPG", "/a/IMG.DNG"]))
    }

    @Test("dominant colours parse only as #RRGGBB")
    func dominantColour() {
        #expect(DominantColor.parse("#0C2340") == .rgb(0x0C, 0x23, 0x40))
        for bad in [nil, "", "#12345", "#+12345", "0C2340", "#GG0000", "#1234567"] {
            #expect(DominantColor.parse(bad) == nil)
        }
        #expect(DominantColor.contrasting(.rgb(250, 250, 250)) == .indexed(0))
        #expect(DominantColor.contrasting(.rgb(10, 10, 10)) == .indexed(15))
    }
}
