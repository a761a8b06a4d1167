import PhotoPagerBase
import TerminalUI

/// kitty plays animations itself (its protocol's frames, `a=f`, and `a=a` to run or stop): once
/// the first frame is on the terminal under an id, the other frames are added to that image and
/// the animation started, after which nothing more is sent while it plays. The app says which
/// animation should play (`.animate`); this works out the bytes that bring kitty up to date.
struct KittyAnimation {
    /// What the app wants: this animation (by its first frame), playing or stopped.
    var wanted: (content: ImageContent, playing: Bool)?
    /// What kitty was last given: under which id, and whether it plays.
    private var sent: (id: UInt32, content: ImageContent, playing: Bool)?

    /// The bytes to send now: `id` is where kitty holds the wanted animation's first frame (nil
    /// while it does not yet), `frames` its frames as transmissions and their delays. Empty
    /// when kitty is up to date.
    mutating func update(id: UInt32?, frames: (ImageContent) -> (bytes: [[UInt8]], delays: [Int])?) -> [UInt8] {
        guard let wanted, let id else { return [] }
        if let sent, sent.id == id, sent.content == wanted.content {
            guard sent.playing != wanted.playing else { return [] }
            self.sent?.playing = wanted.playing
            return KittyTransmission.animation(imageID: id, playing: wanted.playing)
        }
        guard let made = frames(wanted.content), made.bytes.count == made.delays.count, made.bytes.count > 1 else { return [] }
        var out: [UInt8] = []
        for index in 1 ..< made.bytes.count {
            guard let frame = KittyTransmission.frame(made.bytes[index], imageID: id, gap: made.delays[index]) else { return [] }
            out += frame
        }
        out += KittyTransmission.animation(imageID: id, firstGap: made.delays[0], playing: wanted.playing)
        sent = (id, wanted.content, wanted.playing)
        return out
    }
}
