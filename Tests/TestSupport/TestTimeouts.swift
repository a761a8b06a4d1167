import Foundation

/// How long tests wait for the app, scaled for builds that run several times slower: `make
/// asan` sets PHOTOPAGER_TEST_TIME_SCALE (the suite asserts what happens, never how fast; a
/// sixel render takes ~1.5 s under AddressSanitizer against ~0.5 s in a debug build).
public enum TestTimeouts {
    public static let scale: Double = {
        let text = ProcessInfo.processInfo.environment["PHOTOPAGER_TEST_TIME_SCALE"] ?? ""
        return Double(text).map { max(1, $0) } ?? 1
    }()

    public static func scaled(_ duration: Duration) -> Duration { duration * scale }
}
