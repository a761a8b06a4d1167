import CCurl
import Glibc
import PhotoPagerBase
import FoundationEssentials

/// HTTP through libcurl, loaded with dlopen on the first request (see `photopager_http.h` for
/// why it is not linked). libcurl brings TLS, `https_proxy`/`no_proxy`, gzip, HTTP/2 and
/// timeouts. Transfer handles are pooled, so each keeps its connection alive for the next
/// request to the same host.
public final class CurlTransport: HTTPTransport {
    /// Handles not in use. A handle is used by one transfer at a time.
    private let idle = Locked<[Handle]>([])
    private let maximumIdle: Int

    public init(maximumIdleConnections: Int = 6) {
        maximumIdle = maximumIdleConnections
    }

    deinit {
        for handle in idle.withLock({ $0 }) { pp_http_handle_destroy(handle.pointer) }
    }

    /// Whether libcurl can be loaded; the reason when not.
    public static func loadFailure() -> String? {
        var message = [CChar](repeating: 0, count: 256)
        guard pp_http_load(&message, message.count) != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static var version: String { String(cString: pp_http_version()) }

    public func send(_ request: HTTPRequest, progress: HTTPProgress?) throws(HTTPError) -> HTTPResponse {
        if let failure = Self.loadFailure() { throw .unavailable(failure) }
        guard let handle = idle.withLock({ $0.popLast() }) ?? pp_http_handle_create().map(Handle.init) else {
            throw .unavailable("libcurl could not make a transfer handle")
        }
        var response = pp_http_response()
        let status = perform(request, progress: progress, handle: handle.pointer, into: &response)
        defer { pp_http_response_free(&response) }
        let kept = idle.withLock { handles in
            guard handles.count < maximumIdle else { return false }
            handles.append(handle)
            return true
        }
        if !kept { pp_http_handle_destroy(handle.pointer) }

        if response.cancelled != 0 { throw .cancelled }
        if response.timed_out != 0 { throw .timedOut }
        let message = withUnsafeBytes(of: response.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if status != 0 {
            if response.unreachable != 0 { throw .unreachable(message) }
            throw message.hasPrefix("reply larger") ? .tooLarge(message) : .failed(message)
        }
        let body = response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
        let headerText = response.headers.map {
            String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                                                 count: response.headers_length), as: UTF8.self)
        } ?? ""
        return HTTPResponse(status: response.status, headers: HTTPHeaders(parsing: headerText), body: body)
    }

    /// The C call, with the request's strings, body and progress closure kept alive around it.
    private func perform(_ request: HTTPRequest, progress: HTTPProgress?, handle: UnsafeMutableRawPointer,
                         into response: inout pp_http_response) -> Int32 {
        let lines = request.headers.fields.map { strdup("\($0.name): \($0.value)") }
        let url = strdup(request.url.absoluteString), method = strdup(request.method), caFile = request.caFile.map { strdup($0) }
        defer { (lines + [url, method, caFile ?? nil]).forEach { free($0) } }
        let box = ProgressBox(progress)
        let body = request.body ?? Data()
        return body.withUnsafeBytes { bytes in
            lines.map { UnsafePointer<CChar>($0) }.withUnsafeBufferPointer { headers in
                var c = pp_http_request()
                c.url = UnsafePointer(url)
                c.method = UnsafePointer(method)
                c.ca_file = caFile.flatMap { UnsafePointer($0) }
                c.body = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                c.body_length = Int64(bytes.count)
                c.headers = UnsafePointer(headers.baseAddress)
                c.header_count = Int32(headers.count)
                c.connect_timeout_ms = max(1, request.connectTimeout.wholeMilliseconds)
                c.timeout_ms = max(1, request.timeout.wholeMilliseconds)
                c.max_body_bytes = Int64(request.maximumBodyBytes)
                c.follow_redirects = request.followsRedirects ? 1 : 0
                if progress != nil {
                    c.progress = { context, received, total in
                        guard let context else { return 0 }
                        let box = Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue()
                        return box.report(received, total) ? 0 : 1
                    }
                    c.progress_context = Unmanaged.passUnretained(box).toOpaque()
                }
                return withExtendedLifetime(box) { pp_http_get(handle, &c, &response) }
            }
        }
    }
}

/// A libcurl easy handle; the pool hands each to one thread at a time.
private struct Handle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// Carries a Swift closure through libcurl's `void *` context.
private final class ProgressBox {
    let progress: HTTPProgress?
    init(_ progress: HTTPProgress?) { self.progress = progress }
    func report(_ received: Int64, _ total: Int64) -> Bool { progress?(received, total) ?? true }
}
