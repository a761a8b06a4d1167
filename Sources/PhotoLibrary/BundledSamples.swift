import FoundationEssentials

/// Finds the bundled sample set at run time, wherever the binary was started from: installed
/// (`PREFIX/bin/photopager` → `PREFIX/share/photopager/sample`) or in a checkout
/// (`.build/release/photopager` → `Resources/sample`). `PHOTOPAGER_DATA` overrides both.
public enum BundledSamples {
    static let manifestName = "sample/manifest.json"

    public static func manifestURL(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   executable: URL? = executableURL()) -> URL? {
        searchedPlaces(environment: environment, executable: executable)
            .map { URL(fileURLWithPath: $0).appendingPathComponent(manifestName) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Data directories to look in, most specific first.
    public static func searchedPlaces(environment: [String: String] = ProcessInfo.processInfo.environment,
                                      executable: URL? = executableURL()) -> [String] {
        var places: [String] = []
        if let data = environment["PHOTOPAGER_DATA"] { places.append(data) }
        if let binDirectory = executable?.deletingLastPathComponent() {
            places.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/photopager").path)
            // A checkout: walk up from .build/<config>/ to the directory holding Resources/.
            var directory = binDirectory
            while directory.path != "/" {
                places.append(directory.appendingPathComponent("Resources").path)
                directory = directory.deletingLastPathComponent()
            }
        }
        return places
    }

    /// The running binary with symlinks resolved (`/usr/local/bin/photopager` may be a link).
    public static func executableURL() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        }
        return URL(fileURLWithPath: path)
    }
}
