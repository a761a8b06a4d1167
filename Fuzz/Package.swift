// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for photopager's parsers (`make fuzz`). A package of its own: built with
// `-sanitize=fuzzer`, an executable would break the main package's plain `swift build`.
let package = Package(
    name: "photopager-fuzz",
    dependencies: [.package(name: "photopager", path: "..")],
    targets: [
        .executableTarget(name: "photopager-fuzz",
                          dependencies: [.product(name: "PhotoPagerModules", package: "photopager")]),
    ],
    swiftLanguageModes: [.v6]
)
