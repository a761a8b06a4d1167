import Foundation

/// Runs a command-line tool the tests use as an independent decoder (ImageMagick's `convert`).
enum ExternalTools {
    /// ImageMagick 6's convert; the brief for this machine guarantees it. Called by its absolute
    /// path so a wrapper earlier in PATH cannot change what is measured.
    static let convert = "/usr/bin/convert"

    static var hasConvert: Bool { FileManager.default.isExecutableFile(atPath: convert) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes a sixel byte stream to packed 8-bit RGB with ImageMagick.
    ///
    /// Two steps through PNG: ImageMagick 6.9.11's sixel reader leaves its pixels as palette
    /// indices that the raw `rgb:` writer does not resolve (it writes all black), while the PNG
    /// writer does.
    static func decodeSixel(_ sixel: [UInt8]) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("tg-sixel-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.six")
        let middle = dir.appendingPathComponent("mid.png")
        let output = dir.appendingPathComponent("out.rgb")
        try Data(sixel).write(to: input)
        try run(convert, ["sixel:\(input.path)", "png:\(middle.path)"])
        try run(convert, ["png:\(middle.path)", "-depth", "8", "rgb:\(output.path)"])
        return [UInt8](try Data(contentsOf: output))
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                + String(decoding: message, as: UTF8.self))
        }
    }
}
