import PhotoPagerBase

import FoundationEssentials

/// A reply: status, headers (looked up without regard to case, since real Unsplash replies
/// spell both `X-RateLimit-Remaining` and `X-Ratelimit-Remaining`) and the decoded body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var isSuccess: Bool { (200 ..< 300).contains(status) }
}

/// Header fields in arrival order; lookups ignore case.
public struct HTTPHeaders: Sendable, Hashable {
    public private(set) var fields: [Field] = []

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    /// Parses a raw header block ("HTTP/1.1 200 OK\r\nName: value\r\n…"); the status line and
    /// malformed lines are skipped, folded continuation lines joined.
    public init(parsing block: String) {
        for line in block.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            if line.hasPrefix("HTTP/") { continue }
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += " " + line.trimmingWhitespace
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingWhitespace
            guard !name.isEmpty else { continue }
            fields.append(Field(name: name, value: line[line.index(after: colon)...].trimmingWhitespace))
        }
    }

    /// The first field of that name.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }

    /// Every field of that name, joined with ", " as HTTP allows for list-valued fields (Link).
    public func joined(_ name: String) -> String? {
        let wanted = name.lowercased()
        let values = fields.filter { $0.name.lowercased() == wanted }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// An integer field ("X-Total: 146831"), nil when absent or not a number.
    public func integer(_ name: String) -> Int? {
        self[name].flatMap { Int($0.trimmingWhitespace) }
    }

    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }
}
