import PhotoPagerBase

/// Everything that can happen to the app, as values: what the shell feeds into ``update(_:_:)``.
public enum AppEvent: Sendable, Hashable {
    /// A key, mouse report, paste… from ``InputDecoder``.
    case input(InputEvent)
    /// The terminal's size (SIGWINCH, and once at start with the measured size).
    case resize(AppState.Screen)
    /// The shell finished (or gave up on) a `.decode` effect. `content` is the effect's
    /// ``Effect/DecodeRequest/content``, unchanged.
    case photoDecoded(ImageContent, DecodeOutcome)
    /// A timer for the loading spinner (about 10 per second is plenty).
    case tick
    /// File headers that were read: the photos with their size, date and camera; and the ones
    /// that could not be read, with why.
    case headersRead([Photo], failed: [String: String])
    /// What a page photo may go out with over the link now, at first and once rested on (nil:
    /// anything): the shell measures how fast the terminal takes its output.
    case linkMeasured(first: LinkLimit?, sharp: LinkLimit?)
    /// The person and the link rested on the page photo: it is sent again at its size.
    case linkRested
    /// More of a long folder listing, made while the first screen was up: the photos (after
    /// all those listed before, in order), their headers unread.
    case photosListed([Photo])
    /// The next page of the feed arrived (answers `.fetchNextPage`).
    case pageLoaded(FeedPageArrival)
    /// The next page could not be had; `reason` goes to the status line.
    case pageFailed(reason: String)
    /// Something the shell wants the person to know (the rate limit, a failed ping, a tmux setting).
    case shellMessage(String)
    /// How far the download of a photo on screen has come (bytes; `total` 0 when unknown).
    case downloadProgress(photoID: String, received: Int64, total: Int64)
    /// `X-Ratelimit-Remaining` of the latest API reply.
    case rateRemaining(Int?)
    /// The source would not change a favourite (answers `.setFavourite`): it is put back.
    case favouriteRefused(photoID: String, Bool, reason: String)
    /// A rating could not be kept (answers `.writeRatings`): the photo gets `previous` back.
    case ratingRefused(photoID: String, previous: Int?, reason: String)
    /// A turn could not be kept (answers `.turnPhotos`): the photo gets `previous` back.
    case turnRefused(photoID: String, previous: Int?, reason: String)
    /// The photo's PNG in kitty's clipboard sequence, for the terminal (answers `.copyImage`).
    case clipboardImageReady([UInt8], said: String)
    /// The key handler ran (answers `.runKeyHandler`).
    case keyHandlerFinished(KeyHandler.Outcome)
    /// Photos could not go to the trash (answers `.trashPhotos`): they are put back.
    case trashRefused(photoIDs: [String], reason: String)
    /// Photos could not come back from the trash (answers `.restorePhotos`): they leave again.
    case restoreRefused(photoIDs: [String], reason: String)
    /// A public link was made (answers `.makePublicLink`).
    case publicLinkMade(PublicLink)
    /// The full photo object arrived for the info panel (answers `.fetchDetails`).
    case detailsLoaded(Photo)
    /// The info panel has shown `photoID` long enough (answers `.scheduleDetails`).
    case detailsDue(photoID: String)
    /// A slideshow timer fired (answers `.scheduleSlide`).
    case slideDue(generation: Int)
    /// The shell has every frame of the animation whose first frame is `content` (its delays
    /// in milliseconds, one per frame).
    case animationReady(ImageContent, delays: [Int])
    /// The time of the frame asked for by `.scheduleFrame` has come (and the terminal took the
    /// frame before).
    case frameDue(generation: Int)
}

/// What came of one decode.
public enum DecodeOutcome: Sendable, Hashable {
    /// The photo is decoded at exactly the requested pixel size and can be placed.
    case decoded
    /// A draft stands in (its pixels under `content.asDraft`) while the decode goes on: a
    /// RAW's preview while the raw is developed.
    case drafted
    /// It cannot be shown; `reason` is shown to the person ("not a JPEG", "file not found").
    case failed(reason: String)
    /// It cannot be had now (offline, a timeout): shown as an error until the person moves,
    /// then asked for again.
    case unavailable(reason: String)
}
