import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore
import TerminalGraphics
import TerminalIO

/// The effects that hand the photo looked at to the world outside the pager: its original to
/// the download folder (`d`), its page to the browser (`o`). Each says how it went in a line
/// for the status bar.
struct PhotoHandoff {
    /// Where each photo's image is (a file on this disk, or remote).
    let locate: (String) -> ImageLocation?
    let originals: SavedOriginals
    /// Ours, handed on to the browser `o` starts.
    let environment: [String: String]
    /// Hands a download's progress to the loop.
    let post: @Sendable ([AppEvent]) -> Void
    /// `Y`: where a photo's pixels go, and how they are had.
    var clipboard = ImageClipboard(terminalVersion: nil, throughTmux: false, environment: [:])
    var pixels: @Sendable (Photo) throws -> RGBImage = { _ in throw PrepareFailure(description: "no pixels") }
    /// Copies under way (the loop counts them as work in flight).
    let copies = Locked(0)

    /// `Y`: the photo decoded and copied off the loop's thread; how it went comes by `post`.
    func copyImage(_ photo: Photo) {
        let clipboard = clipboard, pixels = pixels, post = post, copies = copies
        guard clipboard.route != .none else { return post([.shellMessage(ImageClipboard.unavailable)]) }
        copies.withLock { $0 += 1 }
        Platform.startThread {
            defer { copies.withLock { $0 -= 1 } }
            let event: AppEvent
            do {
                switch clipboard.copy(try pixels(photo)) {
                case .said(let words): event = .shellMessage(words)
                case .terminal(let bytes, let said): event = .clipboardImageReady(bytes, said: said)
                }
            } catch {
                event = .shellMessage("the photo could not be copied: \(error)")
            }
            post([event])
        }
    }

    /// `d`: a remote photo's download starts (its progress arrives by `post`); a local one is
    /// on disk already.
    func saveOriginal(_ photo: Photo) -> String? {
        switch locate(photo.id) {
        case .file(let url)?: return "Already on disk: " + url.path
        case let location?:
            originals.start(LibraryPhoto(photo: photo, image: location), post: post)
            return nil
        case nil: return nil
        }
    }

    /// `o`: a file link is opened only as the file of a photo shown from this disk, so a
    /// stranger's JSON cannot hand xdg-open a path of its choosing.
    func open(_ url: String, photoID: String) -> String {
        let local: URL? = if case .file(let file)? = locate(photoID) { file } else { nil }
        guard ShareLink.scheme(of: url) != "file" || local.map(FileURI.string(for:)) == url else {
            return "Not opened: a file link is opened only for a photo on this disk"
        }
        return BrowserLauncher.open(url, environment: environment)
    }
}
