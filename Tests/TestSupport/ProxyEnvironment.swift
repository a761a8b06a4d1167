import Glibc

/// libcurl reads proxy settings from the process environment: tests talking to their own
/// loopback server must not be routed through whoever runs them.
public enum ProxyEnvironment {
    public static let names = ["http_proxy", "https_proxy", "all_proxy", "no_proxy",
                               "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"]

    /// Clears them once per test process (Swift runs a static initialiser exactly once, and
    /// concurrent callers wait for it), so no suite's unsetenv races another's libcurl getenv:
    /// every suite that talks HTTP calls this before its first request.
    public static func clear() {
        _ = cleared
    }

    private static let cleared: Bool = {
        for name in names { unsetenv(name) }
        return true
    }()
}
