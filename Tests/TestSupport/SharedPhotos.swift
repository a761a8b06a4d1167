import Foundation

/// The project's test photos live beside the repository in `../shared/photos` (never copied in:
/// some of them may not be redistributed). CI lays the same folder beside its clone.
public enum SharedPhotos {
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["PHOTOPAGER_SHARED_PHOTOS"] {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/photos")
    }()

    /// The checkout this file was compiled from.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/conformance`: third-party images with `expected.tsv`, and recorded Unsplash
    /// replies. Read in place, never copied into the project.
    public static let conformance = root.deletingLastPathComponent().appendingPathComponent("conformance")

    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// Every file in one of the sets (`formats`, `sample`, `bench`), sorted by name.
    public static func files(in set: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url(set), includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
