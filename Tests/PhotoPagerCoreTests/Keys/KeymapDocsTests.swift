import Foundation
import Testing
@testable import PhotoPagerCore

/// The README and the man page hold the key map exactly as the table prints it. When this
/// fails after a change to `Keymap`, paste the expected text between the markers.
@Suite("Keymap: the manuals hold the table")
struct KeymapDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The text between the line holding `start` and the line holding `end`.
    static func section(of file: String, from start: String, to end: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.contains(start) }, "\(file) has no \(start) marker")
        let last = try #require(lines[first...].firstIndex { $0.contains(end) }, "\(file) has no \(end) marker")
        return lines[(first + 1) ..< last].joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    @Test func theReadmeHasTheTable() throws {
        let section = try Self.section(of: "README.md", from: "<!-- keys:", to: "<!-- /keys -->")
        #expect(section == Keymap.markdown, "README.md should hold:\n\(Keymap.markdown)")
    }

    @Test func theManPageHasTheTable() throws {
        let section = try Self.section(of: "Resources/photopager.1", from: ".\\\" keys:", to: ".\\\" /keys")
        #expect(section == Keymap.roff, "photopager.1 should hold:\n\(Keymap.roff)")
    }
}
