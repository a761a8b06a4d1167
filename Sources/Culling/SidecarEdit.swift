import PhotoPagerBase

/// One change to a photo's sidecars: `xmp:Rating` or `tiff:Orientation` set in the sidecar of
/// each of its files (a RAW + JPEG pair has two), each updated in place where it exists (every
/// other byte kept) and made where it does not; every write atomic. The photo files are never
/// opened for writing.
public struct SidecarEdit: Sendable {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case write(AtomicFile.Failure)
        /// A sidecar that is not XMP as photo tools write it: left alone.
        case notXMP(String)

        public var description: String {
            switch self {
            case .write(let failure): failure.description
            case .notXMP(let path): "\(TerminalText.sanitized(path)) is not an XMP sidecar photopager can change"
            }
        }

        public var isReadOnlyFolder: Bool {
            if case .write(let failure) = self { return failure.isReadOnlyFolder }
            return false
        }
    }

    public let property: XMPPacket.Property
    public let value: String

    public init(_ property: XMPPacket.Property, _ value: String) {
        self.property = property
        self.value = value
    }

    public static func rating(_ stars: Int) -> SidecarEdit { SidecarEdit(.rating, String(stars)) }
    public static func orientation(_ orientation: Int) -> SidecarEdit { SidecarEdit(.orientation, String(orientation)) }

    /// Applies the edit for a photo of `files` whose known sidecars are `sidecars`; returns the
    /// photo's sidecars after it (with any made). `isRaw` tells a RAW by its path. A failure
    /// leaves the files written before it changed: the caller puts the photo back as a whole
    /// by applying the old value.
    public func apply(files: [String], sidecars: [String], isRaw: (String) -> Bool) throws(Failure) -> [String] {
        var all: [String] = []
        for file in files {
            let candidates = Sidecars.candidates(of: file, isRaw: isRaw(file))
            var own = sidecars.filter(candidates.contains)
            if own.isEmpty { own = [Sidecars.newPath(for: file)] }
            for path in own {
                try write(path)
                if !all.contains(path) { all.append(path) }
            }
        }
        return all
    }

    private func write(_ path: String) throws(Failure) {
        let old: [UInt8]?
        do { old = try AtomicFile.read(path, limit: 16 << 20) } catch { throw .write(error) }
        guard let changed = (old.map(XMPPacket.init) ?? .empty).setting(property, to: value) else { throw .notXMP(path) }
        guard changed.bytes != old else { return }
        do { try AtomicFile.replace(path, with: changed.bytes) } catch { throw .write(error) }
    }
}
