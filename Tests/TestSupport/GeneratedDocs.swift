import Foundation

/// A passage of a file the repository keeps (the README, the man page) that a table of the
/// source generates: the lines between the line holding a start marker and the line holding an
/// end marker. Tests compare it with what the table prints now; with PHOTOPAGER_WRITE_DOCS=1
/// they write that text there first (golden files, as bubbles' help tests keep theirs).
public enum GeneratedDocs {
    public struct MissingMarker: Error, CustomStringConvertible {
        public let description: String
    }

    /// The text between the line holding `start` and the line holding `end` in `file` (a path
    /// from the repository's root); with PHOTOPAGER_WRITE_DOCS=1 it is first replaced by `wanted`.
    public static func section(of file: String, from start: String, to end: String, wanted: String) throws -> String {
        let url = SharedPhotos.repositoryRoot.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.contains(start) }) else { throw MissingMarker(description: "\(file) has no \(start) marker") }
        guard let last = lines[first...].firstIndex(where: { $0.contains(end) }) else { throw MissingMarker(description: "\(file) has no \(end) marker") }
        if ProcessInfo.processInfo.environment["PHOTOPAGER_WRITE_DOCS"] == "1" {
            lines.replaceSubrange((first + 1) ..< last, with: [wanted])
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return wanted
        }
        return lines[(first + 1) ..< last].joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
