import PhotoPagerBase
import Testing

/// XMP packets read and changed as photo tools write them: attributes and elements, whatever
/// prefix the namespace is bound to, every byte but the value's kept.
@Suite struct XMPPacketTests {
    /// darktable's shape: attributes on the description, other tools' fields around them.
    static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:darktable="http://darktable.sf.net/"
            xmp:Rating="2"
            xmp:Label="Rating > 3 'maybe'"
            darktable:xmp_version="5">
           <darktable:history><rdf:Seq/></darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    @Test func attributesAreReadAndChangedInPlace() throws {
        let packet = XMPPacket(Array(Self.darktable.utf8))
        #expect(packet.rating == 2 && packet.orientation == nil)
        let changed = try #require(packet.setting(.rating, to: "-1"))
        #expect(changed.rating == -1)
        #expect(String(decoding: changed.bytes, as: UTF8.self) == Self.darktable.replacingOccurrences(of: #"xmp:Rating="2""#, with: #"xmp:Rating="-1""#))
    }

    /// Lightroom may write elements, and under another prefix; a packet without the property
    /// gets one attribute (and the namespace's declaration when it has none).
    @Test func elementsOtherPrefixesAndAdding() throws {
        let lightroom = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:ap="http://ns.adobe.com/xap/1.0/" xmlns:t="http://ns.adobe.com/tiff/1.0/">
            <ap:Rating>4</ap:Rating><t:Orientation> 6 </t:Orientation><ap:RatingPercent>80</ap:RatingPercent>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let packet = XMPPacket(Array(lightroom.utf8))
        #expect(packet.rating == 4 && packet.orientation == 6)
        let turned = try #require(packet.setting(.orientation, to: "8"))
        #expect(String(decoding: turned.bytes, as: UTF8.self) == lightroom.replacingOccurrences(of: "> 6 <", with: ">8<"))

        let bare = XMPPacket(Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="a>b" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title/></rdf:Description></rdf:RDF></x:xmpmeta>"#.utf8))
        let rated = try #require(bare.setting(.rating, to: "5"))
        #expect(rated.rating == 5)
        #expect(String(decoding: rated.bytes, as: UTF8.self).contains(#"rdf:about="a>b" xmlns:dc="http://purl.org/dc/elements/1.1/"\#n    xmlns:xmp="http://ns.adobe.com/xap/1.0/"\#n    xmp:Rating="5">"#))
        let fresh = try #require(XMPPacket.empty.setting(.rating, to: "3")?.setting(.orientation, to: "6"))
        #expect(fresh.rating == 3 && fresh.orientation == 6)
    }

    @Test func oddValuesAndPacketsThatAreNotXMP() {
        func rating(_ value: String) -> Int? {
            XMPPacket(Array(#"<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\#(value)"/>"#.utf8)).rating
        }
        #expect(rating("3.5") == 3 && rating("-1") == -1 && rating("0") == 0)
        #expect(rating("7") == nil && rating("x") == nil && rating("nan") == nil && rating("-3") == nil)
        // The namespace bound to no prefix: the attribute means nothing.
        #expect(XMPPacket(Array(#"<rdf:Description xmp:Rating="3"/>"#.utf8)).rating == nil)
        #expect(XMPPacket(Array("not xml at all".utf8)).setting(.rating, to: "1") == nil)
        #expect(XMPPacket([]).rating == nil)
    }
}
