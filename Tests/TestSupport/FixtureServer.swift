import Foundation
import Glibc

/// An HTTP/1.1 server on 127.0.0.1 at an ephemeral port, started and stopped by the test that
/// uses it: no real network anywhere. Each connection gets its own thread and one reply
/// (`Connection: close`); every request is recorded so tests can check what was asked, with
/// which headers, how often.
public final class FixtureServer: @unchecked Sendable {
    public struct Request: Sendable, CustomStringConvertible {
        public let method: String
        /// Path and query, as sent: "/photos?page=2".
        public let target: String
        public let headers: [(name: String, value: String)]
        /// The server's own base URL, for replies that point back at it.
        public let base: String
        public var body = Data()

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        public var path: String { String(target.prefix { $0 != "?" }) }

        /// The query's parameters, percent-decoded.
        public var query: [String: String] {
            URLComponents(string: "http://x" + target)?.queryItems?
                .reduce(into: [:]) { $0[$1.name] = $1.value ?? "" } ?? [:]
        }

        public var description: String { "\(method) \(target)" }
    }

    public struct Reply: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data
        /// Never answer: hold the connection open until the server stops (a timeout test).
        public var hangs = false
        /// Send the head, then one byte of body every 100 ms, never finishing (a server that
        /// drips bytes forever: no idle timeout ever fires).
        public var drips = false

        public init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
            Reply(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
        }

        public static func text(_ text: String, status: Int) -> Reply {
            Reply(status: status, headers: [("Content-Type", "text/plain")], body: Data(text.utf8))
        }

        public static let notFound = Reply.text("not found", status: 404)

        public static var hang: Reply {
            var reply = Reply()
            reply.hangs = true
            return reply
        }

        public static var drip: Reply {
            var reply = Reply(headers: [("Content-Type", "image/jpeg")])
            reply.drips = true
            return reply
        }
    }

    public typealias Handler = @Sendable (Request) -> Reply

    private let listener: Int32
    public let port: Int
    private let handler: Handler
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var stopped = false
    private var connections: Set<Int32> = []
    private let finished = DispatchGroup()

    public init(handler: @escaping Handler) throws {
        self.handler = handler
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ServerError("socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else { close(listener); throw ServerError("bind/listen: \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        start()
    }

    private func start() {
        finished.enter()
        Thread { [self] in acceptLoop(); finished.leave() }.start()
    }

    deinit { stop() }

    /// "http://127.0.0.1:PORT" (no trailing slash).
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public var requests: [Request] {
        lock.lock(); defer { lock.unlock() }
        return recorded
    }

    public func requests(path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Closes the listener and every open connection (hanging ones too); returns when all
    /// threads are done.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let open = connections
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        _ = finished.wait(timeout: .now() + 5)
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func acceptLoop() {
        while !isStopped {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            lock.lock()
            connections.insert(fd)
            lock.unlock()
            finished.enter()
            Thread { [self] in serve(fd); finished.leave() }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.lock(); connections.remove(fd); lock.unlock()
            close(fd)
        }
        guard let request = readRequest(fd) else { return }
        lock.lock(); recorded.append(request); lock.unlock()
        let reply = handler(request)
        if reply.hangs {
            var buffer = [UInt8](repeating: 0, count: 256)
            while !isStopped, recv(fd, &buffer, buffer.count, 0) > 0 {}   // until the client or stop() closes
            return
        }
        if reply.drips {
            let head = Array("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 1000000\r\n\r\n".utf8)
            guard head.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 else { return }
            var byte: UInt8 = 0xFF
            while !isStopped, send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 { usleep(100_000) }
            return
        }
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(reply.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + (request.method == "HEAD" ? [] : Array(reply.body))
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// The request line, headers and body (as long as its Content-Length says).
    private func readRequest(_ fd: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        while headEnd == nil, data.count < 65536 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data += buffer[0 ..< n]
            headEnd = data.firstRange(of: [13, 10, 13, 10])?.upperBound
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: data[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = min(1 << 20, headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0)
        var body = Array(data[headEnd...])
        while body.count < length {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            body += buffer[0 ..< n]
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers, base: baseURL, body: Data(body.prefix(length)))
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
