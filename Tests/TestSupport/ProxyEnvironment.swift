import Glibc

/// libcurl reads proxy settings from the process environment: tests talking to their own
/// loopback server must not be routed through whoever runs them.
public enum ProxyEnvironment {
    public static let names = ["http_proxy", "https_proxy", "all_proxy", "no_proxy",
                               "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"]

    public static func clear() {
        for name in names { unsetenv(name) }
    }
}
