import PhotoPagerBase

/// Work for the shell, as values: `update` decides, the shell does it and reports back by event.
public enum Effect: Sendable, Hashable {
    /// Decode a photo at a pixel size; answer with `.photoDecoded(request.content, outcome)`.
    case decode(DecodeRequest)
    /// The working set changed: cancel pending decodes whose content is not in `keep` (latest
    /// wins when the person flips fast), and forget decoded images outside it when memory is
    /// short. Images in `keep` that were reported decoded must stay available for placement.
    case cancelDecodes(except: Set<ImageContent>)
    /// Read these photos' file headers first (visible first); answer with `.headersRead`.
    /// Each list replaces the last: what scrolled away goes back to the folder order.
    case readHeaders([String])
    /// Fetch the feed's next page in the background; answer with `.pageLoaded` or `.pageFailed`.
    case fetchNextPage
    /// The guideline ping for a shared photo (GET its `download_location`), once per photo.
    case trackDownload(Photo)
    /// Answer with `.detailsDue(photoID)` after about 400 ms (a debounce: paging on makes it moot).
    case scheduleDetails(photoID: String)
    /// Fetch the full photo object (exif, location); answer with `.detailsLoaded`.
    case fetchDetails(photoID: String)
    /// Hand an http, https or file URL to the person's browser (`o`); answer with a
    /// `.shellMessage` saying how it went.
    case openURL(String, photoID: String)
    /// `d`: save the photo's original into the download directory (a remote photo; a local one
    /// is on disk already), pinging its `download_location` once; the shell answers with
    /// `.shellMessage`s: progress, then where it went.
    case saveOriginal(Photo)
    /// Mark a library photo a favourite or not, at the source; a refusal answers with
    /// `.favouriteRefused`.
    case setFavourite(photoID: String, Bool)
    /// Keep the photos' new ratings: in their sidecars (a read-only folder's in photopager's
    /// own store), or in their library; a refusal answers with `.ratingRefused`.
    case writeRatings([RatingChange])
    /// Keep the photos' new turns (`tiff:Orientation`) in their sidecars (a read-only folder's
    /// in photopager's store); a refusal answers with `.turnRefused`.
    case turnPhotos([TurnChange])
    /// Ctrl-X then `key`: run the person's key handler with `key`'s name and the photos' paths
    /// (share URLs for remote ones) on its stdin, the terminal given to it meanwhile; answers
    /// with `.keyHandlerFinished`.
    case runKeyHandler(key: String, photos: [Photo])
    /// Move the photos (their files, sidecars and Live Photo videos; a library's to its own
    /// trash) to the trash; a refusal answers with `.trashRefused`.
    case trashPhotos([Photo])
    /// Bring photos back from the trash (`u`); a refusal answers with `.restoreRefused`.
    case restorePhotos([Photo])
    /// Ask the photo's library for a public link; answers with `.publicLinkMade` or a
    /// `.shellMessage` saying why not.
    case makePublicLink(photoID: String)
    /// Answer with `.slideDue(generation)` after `after`.
    case scheduleSlide(after: Duration, generation: Int)
    /// Answer with `.frameDue(generation)` after `after`, once the terminal has taken what was
    /// sent before (so a terminal that cannot keep up sees fewer frames, never a backlog).
    case scheduleFrame(after: Duration, generation: Int)
    /// A terminal that plays animations itself (kitty): give it the frames of `content`'s
    /// animation where it is shown, and play or stop it there.
    case animate(ImageContent, playing: Bool)
    /// `/` and Enter with an Unsplash feed: browse the search for `query` instead (the same
    /// refinements as the feed's), its first page answering as `.pageLoaded`.
    case startSearch(String)
    /// Keep these choices for the next run (the state file).
    case remember(Remembered)
    /// `Y`: the photo's pixels to the clipboard, as a PNG: through the terminal when it takes
    /// images (kitty's OSC 5522, answered with `.clipboardImageReady`), else `wl-copy` or
    /// `xclip`; a `.shellMessage` says how it went.
    case copyImage(Photo)
    /// Bytes for the terminal itself (an image for its clipboard), as they are.
    case sendToTerminal([UInt8])
    /// Put the text on the clipboard (OSC 52). Never emitted when the clipboard is disabled.
    case copyToClipboard(String)
    /// Restore the terminal and exit; `AppState.exitSelection` goes to stdout.
    case quit
    /// Ctrl-C: restore the terminal and exit 130 with nothing on stdout (as fzf does).
    case abort
    /// Restore the terminal and stop (Ctrl-Z); on resume re-enter and redraw everything.
    case suspend
    /// The state changed: compose a frame from it and write what differs.
    case redraw
    /// Ctrl-L: the screen may hold anything (another program wrote on it, tmux repainted over
    /// images): forget what we believe it shows, clear it and draw everything again.
    case repaint
}

extension Effect {
    /// One decode: which content (photo and pixel size), how urgently.
    public struct DecodeRequest: Sendable, Hashable {
        /// The photo id and the exact pixel size to produce: the key for the result event and for
        /// the ``ImagePlacement`` the views will make once it is decoded.
        public var content: ImageContent
        public var priority: Priority

        public init(content: ImageContent, priority: Priority) {
            self.content = content
            self.priority = priority
        }

        public var pixelSize: PixelSize { content.pixelSize }
    }

    /// `visible` is on screen now; `prefetch` is a pager neighbour (±1, ±2) worth pre-encoding.
    /// Requests arrive most urgent first; the shell should run the newest visible ones first.
    public enum Priority: Int, Sendable, Hashable, Comparable {
        case prefetch = 0
        case visible = 1

        public static func < (lhs: Priority, rhs: Priority) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }
}
