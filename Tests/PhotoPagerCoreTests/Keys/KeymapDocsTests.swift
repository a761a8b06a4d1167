import Testing
import TestSupport
@testable import PhotoPagerCore

/// The README and the man page hold the key map exactly as the table prints it. After a change
/// to `Keymap`, `PHOTOPAGER_WRITE_DOCS=1 swift test --filter KeymapDocsTests` writes the new
/// text between the markers.
@Suite("Keymap: the manuals hold the table")
struct KeymapDocsTests {
    @Test func theReadmeHasTheTable() throws {
        let section = try GeneratedDocs.section(of: "README.md", from: "<!-- keys:", to: "<!-- /keys -->", wanted: Keymap.markdown)
        #expect(section == Keymap.markdown, "README.md should hold:\n\(Keymap.markdown)")
    }

    @Test func theManPageHasTheTable() throws {
        let section = try GeneratedDocs.section(of: "Resources/photopager.1", from: ".\\\" keys:", to: ".\\\" /keys",
                                                wanted: Keymap.roff)
        #expect(section == Keymap.roff, "photopager.1 should hold:\n\(Keymap.roff)")
    }
}
