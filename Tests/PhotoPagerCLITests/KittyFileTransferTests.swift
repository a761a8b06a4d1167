import Foundation
import PhotoDecoding
import PhotoPagerBase
@testable import PhotoPagerCLI
import TerminalGraphics
import TerminalUI
import Testing

/// kitty transmissions by temporary file, once kitty proved it reads ours.
@Suite struct KittyFileTransferTests {
    static func upload() throws -> (bytes: [UInt8], pixels: [UInt8]) {
        let image = RGBImage(width: 80, height: 50, pixels: (0 ..< 80 * 50 * 3).map { UInt8($0 % 253) })
        var writer = FrameWriter()
        let sent = writer.pretransmission(of: ImageContent(photoID: "p", pixelSize: .init(width: 80, height: 50)),
                                          EncodedImage(kind: .kitty, bytes: try KittyEncoder(format: .rgb).encode(image, cells: .init(columns: 8, rows: 3))))
        return (try #require(sent), image.pixels)
    }

    /// The path a `t=t` transmission names, and the escape's keys.
    static func file(in bytes: [UInt8]) throws -> (keys: String, path: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let body = try #require(text.split(separator: "\u{1B}").first { $0.hasPrefix("_G") && $0.contains("t=t;") })
        let parts = body.dropFirst(2).split(separator: ";", maxSplits: 1)
        let path = String(decoding: try #require(Data(base64Encoded: String(parts[1]))), as: UTF8.self)
        return (String(parts[0]), path)
    }

    @Test func nothingChangesUntilKittyAnswersTheProbeOK() throws {
        let transfer = KittyFileTransfer(environment: [:])
        defer { transfer.removeLeftovers() }
        let probe = try #require(transfer.probe())
        let (keys, path) = try Self.file(in: probe)
        #expect(keys.contains("a=q") && keys.contains("i=\(KittyFileTransfer.probeID)"))
        #expect(path.contains("tty-graphics-protocol"), "kitty deletes only files that say so")
        #expect(FileManager.default.contents(atPath: path) == Data([0, 0, 0]))
        let (upload, _) = try Self.upload()
        #expect(transfer.rewrite(upload) == upload)
        #expect(!transfer.answer(KittyGraphicsReply(control: "i=31", message: "OK")), "another query's reply")
        #expect(transfer.answer(KittyGraphicsReply(control: "i=\(KittyFileTransfer.probeID)", message: "EBADF:Failed to open file")))
        #expect(transfer.rewrite(upload) == upload, "a kitty that cannot read our files keeps getting pixels inline")
    }

    @Test func afterAnOKEachTransmissionIsAFileKittyReads() throws {
        let transfer = KittyFileTransfer(environment: [:])
        _ = transfer.probe()
        #expect(transfer.answer(KittyGraphicsReply(control: "i=\(KittyFileTransfer.probeID)", message: "OK")))
        let (upload, pixels) = try Self.upload()
        let rewritten = transfer.rewrite(upload)
        #expect(rewritten.count < 300 && upload.count > 10_000)
        let (keys, path) = try Self.file(in: rewritten)
        #expect(keys.hasPrefix("a=t,i=") && keys.contains("f=24") && keys.contains("s=80") && !keys.contains("m="))
        #expect(FileManager.default.contents(atPath: path) == Data(pixels))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the photo is readable by us only")
        transfer.removeLeftovers()
        #expect(!FileManager.default.fileExists(atPath: path), "files kitty never read are removed at the end")
    }
}
