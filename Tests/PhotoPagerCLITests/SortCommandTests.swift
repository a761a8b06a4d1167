import Foundation
import Glibc
import Testing
import TestSupport

/// `--sort`, `--reverse`, `--seed` for `list` (the pager shares the same order, see
/// PhotoSortTests), and the rule that a feed keeps the API's order.
@Suite(.ownThreads) struct SortCommandTests {
    /// Three photos whose names, modification times and order on disk all disagree.
    static func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (name, age) in [("b.png", 100), ("10.png", 300), ("2.png", 200)] {
            let file = try folder.copy("sample/coffee.png", to: name)
            var times = [timespec(tv_sec: time(nil) - age, tv_nsec: 0), timespec(tv_sec: time(nil) - age, tv_nsec: 0)]
            utimensat(AT_FDCWD, file.path, &times, 0)
        }
        return folder
    }

    static func names(_ arguments: [String], in folder: TemporaryDirectory) throws -> [String] {
        let result = try CommandRunner.photopager(["list", folder.url.path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutText.split(separator: "\n").map { line in
            String(line.split(separator: "\t", omittingEmptySubsequences: false)[3].split(separator: "/").last ?? "")
        }
    }

    @Test func nameDateRandomAndReverse() throws {
        let folder = try Self.folder()
        #expect(try Self.names(["--sort", "name"], in: folder) == ["2.png", "10.png", "b.png"])
        #expect(try Self.names(["--sort", "date"], in: folder) == ["10.png", "2.png", "b.png"], "oldest first (mtime)")
        #expect(try Self.names(["--sort", "date", "--reverse"], in: folder) == ["b.png", "2.png", "10.png"])
        let once = try Self.names(["--sort", "random", "--seed", "42"], in: folder)
        #expect(try Self.names(["--sort", "random", "--seed", "42"], in: folder) == once, "the same seed, the same order")
        #expect(Set(once) == ["2.png", "10.png", "b.png"])
    }

    @Test(arguments: [["--unsplash", "--sort", "date"], ["--search", "cats", "--reverse"], ["--sort", "size"],
                      ["--seed", "-1"], ["render", "x.jpg", "--sort", "name"]])
    func badSortsAreUsageErrors(arguments: [String]) throws {
        let result = try CommandRunner.photopager(arguments)
        #expect(result.status == 2, "\(result.stderr)")
    }

    @Test func aFeedPointsToOrderBy() throws {
        let result = try CommandRunner.photopager(["list", "--unsplash", "--sort", "date"])
        #expect(result.status == 2 && result.stderr.contains("--order-by"))
    }
}
