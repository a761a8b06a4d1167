import Glibc

/// One libFuzzer target per parser of untrusted bytes. Each also checks what must hold of the
/// result (`require`), so a wrong answer is a finding too, not only a crash.
enum FuzzTarget: String, CaseIterable {
    /// Terminal input: keys, mouse, paste, replies (`InputDecoder`).
    case input
    /// The capability probe's replies into `TerminalCapabilities`, then the renderer choice.
    case replies
    /// Untrusted text on its way to the terminal (`TerminalText`).
    case text
    /// A manifest or API listing (`ManifestDecoder`), and the links shared from it.
    case manifest
    /// A whole Unsplash listing reply: header block, blank line, body (`FeedPage`), and where
    /// the access key would go next.
    case unsplash
    /// HTTP header blocks and `Link` headers.
    case http
    /// The config file (`ConfigFile.parse`).
    case config
    /// The command line (`CommandLineParser`), arguments split at NUL.
    case arguments
    /// `blur_hash` strings (`BlurHash.decode`).
    case blurhash
    /// Image header readers (`ImageHeader`: every format, EXIF).
    case header
    /// Whole decodes at a small size (`PhotoDecoder`).
    case decode
    /// HEIF/AVIF boxes (`HEIFStructure`) and TIFF directories with RAW previews (`TIFFStructure`).
    case heifboxes, tiffdirs
    /// Each newer format through its own decoder.
    case heif, avif, jxl, tiff, raw
    /// Bytes as an ICC profile, through lcms2 (`ColourManagement`).
    case profile

    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .input: TerminalTargets.input(bytes)
        case .replies: TerminalTargets.replies(bytes)
        case .text: TerminalTargets.text(bytes)
        case .manifest: RemoteTargets.manifest(bytes)
        case .unsplash: RemoteTargets.unsplash(bytes)
        case .http: RemoteTargets.http(bytes)
        case .config: SettingsTargets.config(bytes)
        case .arguments: SettingsTargets.arguments(bytes)
        case .blurhash: ImageTargets.blurHash(bytes)
        case .header: ImageTargets.header(bytes)
        case .decode: ImageTargets.decode(bytes)
        case .heifboxes: FormatTargets.heifBoxes(bytes)
        case .tiffdirs: FormatTargets.tiffDirectories(bytes)
        case .heif: FormatTargets.decode(bytes, as: .heif)
        case .avif: FormatTargets.decode(bytes, as: .avif)
        case .jxl: FormatTargets.decode(bytes, as: .jxl)
        case .tiff: FormatTargets.decode(bytes, as: .tiff)
        case .raw: FormatTargets.decode(bytes, as: .raw)
        case .profile: FormatTargets.profile(bytes)
        }
    }
}

/// The chosen target, set once before the driver starts (the callback is a C function and
/// cannot capture it).
nonisolated(unsafe) var selected: FuzzTarget = .input

/// A property that must hold; a violation aborts, which libFuzzer records as a finding.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    say("photopager-fuzz: \(message())\n")
    abort()
}

/// To stderr, without C's shared `stderr` stream.
func say(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

extension UnsafeRawBufferPointer {
    var text: String { String(decoding: self, as: UTF8.self) }
}
