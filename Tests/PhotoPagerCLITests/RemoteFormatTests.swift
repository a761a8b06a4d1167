import Foundation
import Testing
import TestSupport

/// A remote photo is decoded by what its bytes are, whatever the URL or the Content-Type say:
/// a HEIC or an AVIF from a manifest's URL or `render URL` draws like a local one.
@Suite(.enabled(if: Conformance.formatsAvailable, "needs ../shared/conformance (absent in a bare clone)"), .ownThreads)
struct RemoteFormatTests {
    @Test(arguments: ["heif/kimageformats_orientation6.heic", "avif/linku_kimono.rotate90.avif", "jxl/kimageformats_orientation6.jxl"])
    func aRemotePhotoInANewerFormatDraws(_ file: String) throws {
        let bytes = try Data(contentsOf: SharedPhotos.conformance.appendingPathComponent(file))
        let server = try FixtureServer { _ in FixtureServer.Reply(headers: [("Content-Type", "application/octet-stream")], body: bytes) }
        defer { server.stop() }
        let home = try TemporaryDirectory()
        let result = try CommandRunner.photopager(["render", "--renderer", "kitty", "--size", "20x6", server.baseURL + "/photo"],
                                                  environment: home.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: Array("\u{1b}_G".utf8)))
    }
}
