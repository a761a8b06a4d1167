// swift-tools-version:6.0
import PackageDescription

/// A Debian C library reached through pkg-config (see Sources/C*/module.modulemap).
func systemLibrary(_ name: String, pkgConfig: String?, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "photopager",
    products: [
        .executable(name: "photopager", targets: ["photopager"]),
        // For the fuzz targets in Fuzz/, a nested package that reaches these through a path.
        .library(name: "PhotoPagerModules",
                 targets: ["PhotoPagerBase", "PhotoPagerCore", "PhotoDecoding", "PhotoLibrary", "HTTPClient", "Unsplash",
                           "Immich", "Culling", "TerminalIO", "PhotoPagerCLI"]),
    ],
    targets: [
        systemLibrary("CCaca", pkgConfig: "caca", apt: "libcaca-dev"),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: "libwebp-dev"),
        // Animated WebP (WebPAnimDecoder): the first frame, composed on its canvas.
        systemLibrary("CWebPDemux", pkgConfig: "libwebpdemux", apt: "libwebp-dev"),
        systemLibrary("CExif", pkgConfig: "libexif", apt: "libexif-dev"),
        // Colour management: every embedded profile to sRGB.
        systemLibrary("CLcms2", pkgConfig: "lcms2", apt: "liblcms2-dev"),
        // zlib, for a PNG's deflated iCCP profile (libpng's simplified reader does not hand it over).
        systemLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
        // giflib ships no pkg-config file on Debian; the module map links -lgif directly.
        systemLibrary("CGif", pkgConfig: nil, apt: "libgif-dev"),

        // libcurl through dlopen, on first network use only (see include/photopager_http.h).
        .target(name: "CCurl"),
        // The format libraries through dlopen, on the first photo that needs each: libheif and
        // libtiff pull in GPL libraries (x265, jbig) that the binary must not link; libavif,
        // libjxl and libraw would map some thirty codec libraries at every start (see
        // include/photopager_formats.h). Their headers come through the modules below, which
        // link nothing.
        .target(name: "CFormatLibraries"),
        systemLibrary("CAvif", pkgConfig: nil, apt: "libavif-dev"),
        systemLibrary("CJxl", pkgConfig: nil, apt: "libjxl-dev"),
        systemLibrary("CRaw", pkgConfig: nil, apt: "libraw-dev"),
        // glibc's mallopt (not imported by Swift's Glibc module).
        .target(name: "CMalloc"),

        // The vocabulary every layer shares, pure Swift + Foundation, no C, no I/O: the photo model
        // (manifests, EXIF facts, sorting), text hygiene for the terminal, concurrency helpers,
        // terminal input decoding (bytes -> keys, mouse, replies), geometry (Rect, PixelSize,
        // CellSize) and the screen as a value (Frame, Cell, Style, ImagePlacement, ImageContent).
        .target(name: "PhotoPagerBase"),
        // The app as pure logic, on top of the vocabulary: AppState, update(state, event) ->
        // effects, the key map, grid and pager layout, and the views that turn a state into a
        // Frame. No I/O: the CLI's loop runs its effects. Only the CLI imports it.
        .target(name: "PhotoPagerCore", dependencies: ["PhotoPagerBase"]),
        // File bytes -> upright RGB pixels at a target size.
        .target(name: "PhotoDecoding",
                dependencies: ["PhotoPagerBase", "CTurboJPEG", "CPNG", "CWebP", "CWebPDemux", "CExif", "CGif",
                               "CFormatLibraries", "CJxl", "CAvif", "CLcms2", "CRaw", "CZlib"]),
        // Where photos come from: paths, manifests, the bundled sample set.
        .target(name: "PhotoLibrary", dependencies: ["PhotoPagerBase", "PhotoDecoding", "Culling"]),
        // RGB pixels -> terminal bytes: sixel, kitty, iTerm2, half-blocks, libcaca.
        .target(name: "TerminalGraphics",
                dependencies: ["PhotoPagerBase", "PhotoDecoding", "CCaca", "CPNG", "CTurboJPEG"]),
        // GET over HTTP(S): one small transport protocol, libcurl behind it.
        .target(name: "HTTPClient", dependencies: ["CCurl", "PhotoPagerBase"]),
        // The cache directory: sub-stores under one LRU budget, atomic writes, verified reads.
        .target(name: "PhotoCache", dependencies: ["PhotoPagerBase"]),
        // The Unsplash API: feeds and pagination, rate limits, retries, guideline pings, remote images.
        .target(name: "Unsplash", dependencies: ["HTTPClient", "PhotoCache", "PhotoLibrary", "PhotoPagerBase"]),
        .target(name: "Immich", dependencies: ["HTTPClient", "PhotoCache", "PhotoLibrary", "PhotoPagerBase"]),
        // Culling: XMP sidecars (read, minimal-change write, atomic replace), the ratings of
        // read-only folders, and the freedesktop trash.
        .target(name: "Culling", dependencies: ["PhotoPagerBase"]),
        // The terminal as a device: /dev/tty, raw mode, signals, restoring, the capability probe;
        // and Platform, the libc calls of the CLI too (writes, threads, spawning, malloc's tuning).
        .target(name: "TerminalIO", dependencies: ["PhotoPagerBase", "TerminalGraphics", "CMalloc"]),
        // Frames to bytes: diffing, synchronized output, image placement per protocol.
        .target(name: "TerminalUI", dependencies: ["PhotoPagerBase", "PhotoDecoding", "TerminalGraphics"]),
        // Flags, commands and their wiring; a library so the parser is unit-testable.
        .target(name: "PhotoPagerCLI",
                dependencies: ["PhotoPagerCore", "PhotoPagerBase", "PhotoDecoding", "PhotoLibrary", "TerminalGraphics",
                               "TerminalIO", "TerminalUI", "HTTPClient", "PhotoCache", "Unsplash", "Immich", "Culling"]),
        .executableTarget(name: "photopager", dependencies: ["PhotoPagerCLI"]),

        .target(name: "TestSupport", dependencies: ["PhotoPagerBase", "PhotoDecoding"], path: "Tests/TestSupport"),
        .testTarget(name: "PhotoPagerBaseTests", dependencies: ["PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "PhotoPagerCoreTests", dependencies: ["PhotoPagerCore", "PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "PhotoDecodingTests", dependencies: ["PhotoDecoding", "PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "PhotoDecoding", "PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics", "TestSupport"]),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "PhotoPagerBase", "TerminalGraphics", "TestSupport"]),
        .testTarget(name: "TerminalUITests",
                    dependencies: ["TerminalUI", "PhotoPagerBase", "PhotoDecoding", "TerminalGraphics", "TestSupport"]),
        .testTarget(name: "PhotoCacheTests", dependencies: ["PhotoCache", "TestSupport"]),
        .testTarget(name: "UnsplashTests", dependencies: ["Unsplash", "HTTPClient", "PhotoCache", "PhotoLibrary", "PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestSupport"]),
        .testTarget(name: "ImmichTests", dependencies: ["Immich", "HTTPClient", "PhotoCache", "PhotoLibrary", "PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "CullingTests", dependencies: ["Culling", "PhotoPagerBase", "TestSupport"]),
        .testTarget(name: "PhotoPagerCLITests", dependencies: ["PhotoPagerCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
