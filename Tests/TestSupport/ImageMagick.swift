import Foundation
import PhotoDecoding

/// ImageMagick as an independent reference decoder: what it reads from a file is what a
/// correct decoder should produce. `make test` installs it.
public enum ImageMagick {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") }

    /// Decodes a sixel byte stream (as our encoder wrote it) to packed RGB.
    public static func decodeSixel(_ sixel: [UInt8]) throws -> RGBImage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photopager-\(UUID().uuidString).six")
        try Data(sixel).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try rgb(of: "sixel:" + file.path)
    }

    /// Decodes `input` (any format ImageMagick reads, e.g. "sixel:/tmp/x.six") upright, alpha
    /// flattened over black, optionally resized exactly, as packed RGB.
    /// `sRGBProfile`: an ICC profile to convert an embedded profile to (ImageMagick only
    /// assigns it to a file that has none, leaving its pixels as they are).
    public static func rgb(of input: String, size: (width: Int, height: Int)? = nil, sRGBProfile: String? = nil) throws -> RGBImage {
        // ImageMagick 6's sixel reader leaves its pixel cache unsynced: raw RGB comes out
        // black. Going through PNG first syncs it.
        if input.hasPrefix("sixel:") {
            let png = try run([input, "png:-"])
            let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("photopager-sixel-\(UUID().uuidString).png")
            try png.write(to: tmp)
            defer { try? FileManager.default.removeItem(at: tmp) }
            return try rgb(of: tmp.path, size: size)
        }
        var args = [input, "-auto-orient"] + (sRGBProfile.map { ["-profile", $0] } ?? [])
            + ["-background", "black", "-flatten", "-colorspace", "sRGB"]
        if let size { args += ["-filter", "Box", "-resize", "\(size.width)x\(size.height)!"] }
        let geometry = try run(args + ["-format", "%w %h", "info:"])
        let parts = String(decoding: geometry, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard parts.count == 2 else { throw Failure(description: "identify failed for \(input)") }
        let pixels = try run(args + ["-depth", "8", "rgb:-"])
        return RGBImage(width: parts[0], height: parts[1], pixels: Array(pixels))
    }

    /// Runs `convert` with the arguments and returns its stdout.
    public static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments
        let out = Pipe.closedOnExec()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "convert \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return data
    }
}
