/// What a file that is not a photo we show is, when its first bytes say: a person who names a
/// movie or a Photoshop file hears what it is, not just "not an image".
public enum OtherFileKind {
    /// "a QuickTime movie: videos are not shown", or nil when the bytes say nothing we know.
    public static func describe(magic bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(64))
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let sig = Array(text.utf8)
            return head.count >= offset + sig.count && Array(head[offset ..< offset + sig.count]) == sig
        }
        let video = ": videos are not shown"
        if ascii("ftyp", at: 4), head.count >= 12 {
            let brand = String(decoding: head[8 ..< 12], as: UTF8.self)
            if brand == "qt  " { return "a QuickTime movie" + video }
            if brand.hasPrefix("3g") { return "a 3GP video" + video }
            return "an MP4 video" + video
        }
        if ascii("moov", at: 4) || ascii("mdat", at: 4) || ascii("wide", at: 4) { return "a QuickTime movie" + video }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "a Matroska/WebM video" + video }
        if ascii("RIFF"), ascii("AVI ", at: 8) { return "an AVI video" + video }
        if ascii("8BPS") { return "a Photoshop file: not supported" }
        if ascii("%PDF") { return "a PDF document: not supported" }
        if ascii("BM"), head.count >= 26 { return "a BMP image: not supported" }
        if ascii("<?xpacket") || ascii("<x:xmpmeta") { return "an XMP sidecar: not a photo" }
        if head.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || head.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return "a JPEG 2000 image: not supported"
        }
        if head.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { return "an OLE compound file (Thumbs.db?): not a photo" }
        return nil
    }
}
