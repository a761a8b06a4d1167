import Foundation
import Testing
import TestSupport

/// A folder longer than what is listed before the pager opens (`PhotoPager.listingFirst`):
/// the first screen comes at once, the rest of the listing follows in its order.
@Suite(.ownThreads) struct LongListingTests {
    @Test func theRestOfTheListingFollowsInItsOrder() throws {
        let tmp = try TemporaryDirectory()
        let count = 2_600
        for n in 0 ..< count { try tmp.symlink(String(format: "p%05d.png", n), to: SharedPhotos.url("formats/palette.png")) }
        let app = try InteractiveTestDriver(arguments: ["--renderer", "blocks", tmp.url.path])
        #expect(app.waitFor { $0.lines.last?.contains("1/2,600") == true }, "the count grows to the whole folder: \(app.screen)")
        try app.type("G")                                              // the last photo
        #expect(app.waitFor { $0.lines.last?.contains("2,600/2,600") == true }, "\(app.screen)")
        try app.type(Character.enter)
        #expect(app.waitFor { $0.text(row: 0).contains(String(format: "p%05d.png", count - 1)) }, "\(app.screen)")
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
