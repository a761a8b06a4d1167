import Foundation

/// Reading files, with errors worded for a person rather than as Cocoa error codes.
public enum FileBytes {
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The whole file, or its first `limit` bytes.
    public static func read(_ url: URL, limit: Int? = nil) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ReadError(description: reason(url))
        }
        defer { try? handle.close() }
        do {
            let data = try limit.map { try handle.read(upToCount: $0) } ?? handle.readToEnd()
            return data ?? Data()
        } catch {
            throw ReadError(description: "cannot read: \(error.localizedDescription)")
        }
    }

    private static func reason(_ url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "is a directory" }
        return "permission denied"
    }
}
