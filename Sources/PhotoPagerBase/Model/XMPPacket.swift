import Glibc

/// An XMP packet (a sidecar's whole text, or the one embedded in a photo) read and changed the
/// way photo tools share ratings and turns: `xmp:Rating` and `tiff:Orientation`, written as an
/// attribute of an `rdf:Description` (`xmp:Rating="3"`, as exiftool, darktable and digiKam
/// write it) or as an element (`<xmp:Rating>3</xmp:Rating>`, as Lightroom may).
///
/// Not an XML parser: a packet is found by its namespace declarations and the property's
/// qualified name, so whatever prefix a tool bound the namespace to is honoured, and a change
/// touches the value's bytes alone (or adds one attribute), leaving everything else in the
/// file byte for byte as it was: other tools' fields, layout, comments.
public struct XMPPacket: Sendable, Equatable {
    public private(set) var bytes: [UInt8]

    public static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    public static let tiffNamespace = "http://ns.adobe.com/tiff/1.0/"
    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// A property photopager reads and writes.
    public struct Property: Sendable, Equatable {
        public let namespace: String
        public let name: String
        /// The prefix used when the packet has none for the namespace.
        let preferredPrefix: String

        public static let rating = Property(namespace: XMPPacket.xmpNamespace, name: "Rating", preferredPrefix: "xmp")
        public static let orientation = Property(namespace: XMPPacket.tiffNamespace, name: "Orientation", preferredPrefix: "tiff")
    }

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A sidecar of photopager's own, for a photo that has none: an empty description that
    /// `setting` fills.
    public static var empty: XMPPacket {
        XMPPacket(Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photopager">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""/>
             </rdf:RDF>
            </x:xmpmeta>

            """.utf8))
    }

    /// `xmp:Rating`: -1 rejected, 0 unrated, 1–5 stars (a fraction, which some tools write,
    /// rounds down); nil when the packet has none or it is not a number in that range.
    public var rating: Int? { Self.stars(value(of: .rating)) }

    /// `tiff:Orientation`, 1–8.
    public var orientation: Int? { Self.turn(value(of: .orientation)) }

    /// Both at once, the namespaces looked up once (a folder's sidecars are read by the
    /// hundred thousand).
    public var ratingAndOrientation: (rating: Int?, orientation: Int?) {
        let declared = declarations()
        return (Self.stars(value(of: .rating, declared: declared)), Self.turn(value(of: .orientation, declared: declared)))
    }

    private static func stars(_ text: String?) -> Int? {
        guard let text, let number = Double(text), number.isFinite else { return nil }
        let stars = Int(number.rounded(.down))
        return (-1 ... 5).contains(stars) ? stars : nil
    }

    private static func turn(_ text: String?) -> Int? {
        text.flatMap { Int($0) }.flatMap { (1 ... 8).contains($0) ? $0 : nil }
    }

    /// The rating of a packet inside a photo (a JPEG's XMP segment, a TIFF's tag), read only
    /// when the packet names a rating at all: most photos carry XMP without one, and a folder
    /// of 100,000 was spending 4% of `list` looking for namespaces in them.
    public static func rating(in packet: UnsafeRawBufferPointer) -> Int? {
        guard mentionsRating(packet) else { return nil }
        return XMPPacket(Array(packet)).rating
    }

    /// Whether ":Rating" occurs in `packet` (memchr to each colon: fast on the raw bytes).
    static func mentionsRating(_ packet: UnsafeRawBufferPointer) -> Bool {
        let name = Array("Rating".utf8)
        guard let base = packet.baseAddress else { return false }
        var offset = 0
        while offset < packet.count, let colon = memchr(base + offset, 0x3A, packet.count - offset) {
            let at = base.distance(to: UnsafeRawPointer(colon)) + 1
            if at + name.count <= packet.count, name.indices.allSatisfy({ packet[at + $0] == name[$0] }) { return true }
            offset = at
        }
        return false
    }

    /// The property's text, trimmed; nil when absent.
    public func value(of property: Property) -> String? {
        value(of: property, declared: declarations())
    }

    private func value(of property: Property, declared: [(prefix: String, namespace: String)]) -> String? {
        location(of: property, declared: declared).map { String(decoding: bytes[$0], as: UTF8.self).trimmingWhitespace }
    }

    /// The packet with `property` set to `value`: the old value's bytes replaced where it
    /// was, else one attribute added to the first `rdf:Description` (with the namespace's
    /// declaration when the packet has none). Nil when the packet has no description to add
    /// it to (not XMP as photo tools write it: left alone rather than guessed at).
    public func setting(_ property: Property, to value: String) -> XMPPacket? {
        var changed = bytes
        if let range = location(of: property) {
            changed.replaceSubrange(range, with: Array(value.utf8))
            return XMPPacket(changed)
        }
        guard let rdf = prefixes(of: Self.rdfNamespace).first, let end = descriptionTagEnd(rdfPrefix: rdf) else { return nil }
        var added = ""
        let prefix: String
        if let bound = prefixes(of: property.namespace).first {
            prefix = bound
        } else {
            prefix = property.preferredPrefix
            added += "\n    xmlns:\(prefix)=\"\(property.namespace)\""
        }
        added += "\n    \(prefix):\(property.name)=\"\(value)\""
        changed.insert(contentsOf: Array(added.utf8), at: end)
        return XMPPacket(changed)
    }

    // MARK: - Finding things

    /// The bytes of `property`'s value: an attribute's between its quotes, or an element's
    /// text, under any prefix bound to its namespace.
    func location(of property: Property, declared: [(prefix: String, namespace: String)]? = nil) -> Range<Int>? {
        // Most packets never name the property: that is seen before any namespace is looked up.
        guard find(Array(":\(property.name)".utf8), from: 0) != nil else { return nil }
        let declared = declared ?? declarations()
        for prefix in declared.filter({ $0.namespace == property.namespace }).map(\.prefix) {
            let name = Array("\(prefix):\(property.name)".utf8)
            var from = 0
            while let at = find(name, from: from) {
                from = at + name.count
                guard at > 0 else { continue }
                let before = bytes[at - 1]
                if Self.isSpace(before), let range = attributeValue(after: from) { return range }
                if before == UInt8(ascii: "<"), let range = elementText(after: from, closing: Array("</\(prefix):\(property.name)".utf8)) {
                    return range
                }
            }
        }
        return nil
    }

    /// The prefixes declared for `namespace` (`xmlns:PREFIX="namespace"`), in order.
    func prefixes(of namespace: String) -> [String] {
        declarations().filter { $0.namespace == namespace }.map(\.prefix)
    }

    /// Every namespace declaration (`xmlns:PREFIX="namespace"`), in order.
    func declarations() -> [(prefix: String, namespace: String)] {
        var found: [(String, String)] = []
        let declaration = Array("xmlns:".utf8)
        var from = 0
        while let at = find(declaration, from: from) {
            from = at + declaration.count
            var end = from
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            guard end > from, let value = attributeValue(after: end) else { continue }
            found.append((String(decoding: bytes[from ..< end], as: UTF8.self), String(decoding: bytes[value], as: UTF8.self)))
        }
        return found
    }

    /// After an attribute's name: `= "value"` (or single quotes), the value's range.
    private func attributeValue(after index: Int) -> Range<Int>? {
        var i = skipSpace(index)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
        i = skipSpace(i + 1)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[i]
        guard let close = bytes[(i + 1)...].firstIndex(of: quote) else { return nil }
        return i + 1 ..< close
    }

    /// After `<prefix:Name`: `>text</prefix:Name`, the text's range (no attributes, no markup
    /// inside: a rating or an orientation is a number).
    private func elementText(after index: Int, closing: [UInt8]) -> Range<Int>? {
        let i = skipSpace(index)
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">"), let close = find(closing, from: i + 1),
              !bytes[(i + 1) ..< close].contains(UInt8(ascii: "<")) else { return nil }
        return i + 1 ..< close
    }

    /// Where the first `<rdf:Description …` start tag ends: the index of its `>`, or of the
    /// `/` of `/>`; quoted values may hold either.
    private func descriptionTagEnd(rdfPrefix: String) -> Int? {
        let open = Array("<\(rdfPrefix):Description".utf8)
        guard let at = find(open, from: 0) else { return nil }
        var i = at + open.count
        guard i < bytes.count, Self.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "/") else { return nil }
        var quote: UInt8?
        while i < bytes.count {
            let byte = bytes[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return i > 0 && bytes[i - 1] == UInt8(ascii: "/") ? i - 1 : i
            }
            i += 1
        }
        return nil
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, bytes[i ..< i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private func skipSpace(_ index: Int) -> Int {
        var i = index
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
        return i
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}
