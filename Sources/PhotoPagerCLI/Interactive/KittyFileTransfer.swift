import Glibc
import Synchronization
import PhotoPagerBase
import TerminalGraphics
import TerminalUI
import TerminalIO

/// kitty on the same machine reads pixels from a file (`t=t`) instead of megabytes of base64
/// through the pty: each transmission becomes one short escape code naming a file in
/// `/dev/shm` (memory) that kitty deletes once it has read it.
///
/// Used only once proven: `probe` sends a one-pixel image by file as a query (`a=q`, nothing is
/// stored) and only an `OK` for it turns the transfer on. A kitty over ssh, in a sandbox, or
/// one that refuses files never answers OK, so its images keep travelling inline.
final class KittyFileTransfer {
    /// The query's image id, far from the ids the frame writer counts up from 1.
    static let probeID: UInt32 = 0x7FFF_FF31

    private let directory: String
    private let prefix: String
    private var counter = 0
    /// Files written and perhaps not yet read by kitty; removed when the pager ends.
    private var written: [String] = []
    private(set) var enabled = false
    private(set) var answered = false

    /// kitty deletes only files in a temporary directory whose path contains
    /// `tty-graphics-protocol`: `/dev/shm` if there is one, else `$TMPDIR`, else `/tmp`.
    init(environment: [String: String]) {
        let shm = "/dev/shm"
        directory = access(shm, W_OK) == 0 ? shm : (environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        prefix = "tty-graphics-protocol-photopager-\(getpid())-\(Self.instances.add(1, ordering: .relaxed).newValue)-"
    }

    /// Tells instances of one process apart (tests run several at once).
    private static let instances = Atomic<Int>(0)

    /// The query to send once at start; nil when the file cannot even be written here.
    func probe() -> [UInt8]? {
        guard let path = write([0, 0, 0]) else { return nil }
        let keys = Array("a=q,i=\(Self.probeID),f=24,s=1,v=1".utf8)
        return KittyTransmission.fromFile(keys: keys, path: path)
    }

    /// Whether `reply` answers the probe (then it is consumed); an OK turns the transfer on.
    func answer(_ reply: KittyGraphicsReply) -> Bool {
        guard reply.value(forKey: "i") == String(Self.probeID) else { return false }
        enabled = reply.isOK
        answered = true
        return true
    }

    /// `bytes` with every transmission of ours moved into a file, when enabled; as they are
    /// otherwise (and for any transmission that cannot be parsed or written).
    func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        guard enabled else { return bytes }
        let starts = KittyTransmission.transmissionStarts(in: bytes)
        guard !starts.isEmpty else { return bytes }
        var out: [UInt8] = []
        var copied = 0
        for start in starts where start >= copied {
            guard let (keys, payload, end) = KittyTransmission.chunks(in: bytes, at: start),
                  let pixels = Base64.decode(payload[...]), let path = write(pixels) else { continue }
            out += bytes[copied ..< start]
            out += KittyTransmission.fromFile(keys: keys, path: path)
            copied = end
        }
        out += bytes[copied...]
        return out
    }

    /// Removes the files kitty has not read (it deletes the others itself).
    func removeLeftovers() {
        for path in written { unlink(path) }
        written = []
    }

    /// Writes `bytes` to a new file, readable by us only; its path, or nil. `O_EXCL`: never
    /// through a name someone else made (a stale file of an earlier process is skipped).
    private func write(_ bytes: [UInt8]) -> String? {
        var path = "", fd: Int32 = -1
        for _ in 0 ..< 4 where fd < 0 {
            counter += 1
            path = "\(directory)/\(prefix)\(counter)"
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard Platform.write(fd, bytes) else { unlink(path); return nil }
        written.append(path)
        return path
    }
}
