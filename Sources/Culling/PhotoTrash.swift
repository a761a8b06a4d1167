import FoundationEssentials
import Glibc

/// A photo to the trash as one: its files (a RAW and its JPEG), their sidecars, and a Live
/// Photo's video (`IMG_1.MOV` beside `IMG_1.HEIC`), all or none; and back again.
public struct PhotoTrash: Sendable {
    public let trash: FreedesktopTrash

    public init(trash: FreedesktopTrash) {
        self.trash = trash
    }

    /// Every file that goes with a photo of `files`: those, the sidecars known and any on the
    /// disk now (one made this session), and a Live Photo's video of the same name.
    public static func everyFile(of files: [String], sidecars: [String], isRaw: (String) -> Bool) -> [String] {
        var all: [String] = []
        func add(_ path: String) { if !all.contains(path) { all.append(path) } }
        files.forEach(add)
        sidecars.forEach(add)
        for file in files {
            Sidecars.onDisk(of: file, isRaw: isRaw(file)).forEach(add)
            if let stem = Sidecars.stem(of: file) {
                for video in [stem + ".MOV", stem + ".mov"] where access(video, F_OK) == 0 { add(video) }
            }
        }
        return all
    }

    /// Moves every file to the trash; when one cannot go, those moved before come back and
    /// the failure is thrown: a photo is never half in the trash.
    public func trash(_ files: [String], now: Date = Date()) throws(FreedesktopTrash.Failure) -> [FreedesktopTrash.Entry] {
        var moved: [FreedesktopTrash.Entry] = []
        for file in files {
            do {
                moved.append(try trash.trash(file, now: now))
            } catch {
                for entry in moved.reversed() { try? trash.restore(entry) }
                throw error
            }
        }
        return moved
    }

    /// Brings every file back; the first that cannot come back is named (the rest still come).
    public func restore(_ entries: [FreedesktopTrash.Entry]) throws(FreedesktopTrash.Failure) {
        var failure: FreedesktopTrash.Failure?
        for entry in entries {
            do { try trash.restore(entry) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }
}
