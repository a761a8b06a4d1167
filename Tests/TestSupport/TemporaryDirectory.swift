import Foundation

/// A fresh directory under /tmp, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photopager-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// This directory as a child's home: HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME inside it, so
    /// no developer's config or cache is read and nothing is left in theirs.
    public var environment: [String: String] {
        ["HOME": url.path, "XDG_CONFIG_HOME": url.appendingPathComponent(".config").path,
         "XDG_CACHE_HOME": url.appendingPathComponent(".cache").path]
    }

    /// Creates parent directories as needed and writes `data` at `relativePath`.
    @discardableResult
    public func write(_ relativePath: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// Copies a shared test photo to `relativePath`.
    @discardableResult
    public func copy(_ sharedPhoto: String, to relativePath: String) throws -> URL {
        try write(relativePath, try Data(contentsOf: SharedPhotos.url(sharedPhoto)))
    }

    public func symlink(_ relativePath: String, to destination: URL) throws {
        let link = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: destination)
    }
}
