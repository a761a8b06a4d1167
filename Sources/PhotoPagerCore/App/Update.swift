
/// The one place the app's state changes: applies `event` to `state` and returns the work the
/// shell must do, in order.
///
/// Every call ends the same way: the controllers are brought to the current geometry, the decodes
/// are reconciled with what the screen now shows (new ones requested, stale ones cancelled), and
/// `.redraw` is appended when the state differs from before — which the value state makes a plain
/// comparison. After `.quit` no redraw is asked for.
public func update(_ state: inout AppState, _ event: AppEvent) -> [Effect] {
    let before = state
    var effects: [Effect] = []
    switch event {
    case .input(let input):
        effects += state.handle(input)
    case .resize(let screen):
        state.screen = screen
    case .photoDecoded(let content, let outcome):
        state.apply(outcome, for: content)
    case .tick:
        state.advanceSpinner()
    case .headersRead(let photos, let failed):
        state.applyHeaders(photos, failed: failed)
        state.finishSortIfRead()
    case .linkMeasured(let first, let sharp):
        state.images.linkLimit = first
        state.images.sharpLimit = sharp
    case .linkRested:
        if state.mode == .pager, let id = state.currentPhoto?.id { state.images.sharpPhoto = id }
    case .photosListed(let photos):
        state.list.appendListed(photos)
    case .pageLoaded(let arrival):
        state.append(arrival)
        effects += state.startSlideshowIfWaiting()
    case .pageFailed(let reason):
        state.pageFailed(reason)
    case .shellMessage(let text):
        state.chrome.notice = .message(text)
    case .downloadProgress(let photoID, let received, let total):
        state.list.remote.download = DownloadStatus(photoID: photoID, received: received, total: total)
    case .rateRemaining(let remaining):
        state.list.remote.rateRemaining = remaining
    case .favouriteRefused(let photoID, let favourite, let reason):
        state.favouriteRefused(photoID, favourite, reason: reason)
    case .ratingRefused(let photoID, let previous, let reason):
        state.ratingRefused(photoID, previous: previous, reason: reason)
    case .turnRefused(let photoID, let previous, let reason):
        state.turnRefused(photoID, previous: previous, reason: reason)
    case .clipboardImageReady(let bytes, let said):
        effects += state.clipboardImageReady(bytes, said)
    case .keyHandlerFinished(let outcome):
        state.keyHandlerFinished(outcome)
    case .trashRefused(let ids, let reason):
        state.trashRefused(ids, reason: reason)
    case .restoreRefused(let ids, let reason):
        state.restoreRefused(ids, reason: reason)
    case .publicLinkMade(let link):
        effects += state.publicLinkMade(link)
    case .detailsLoaded(let photo):
        state.list.fillDetails(photo)
    case .detailsDue(let photoID):
        effects += state.chrome.info.detailsDue(photoID, showing: state.currentPhoto)
    case .slideDue(let generation):
        effects += state.slideDue(generation)
    case .animationReady(let content, let delays):
        state.images.animations.made(content, delays: delays)
    case .frameDue(let generation):
        effects += state.images.animations.frameDue(generation, terminalPlays: state.screen.playsAnimations)
    }
    if effects.contains(.quit) || effects.contains(.suspend) { return effects }
    state.syncGeometry()
    effects += state.reconcileHeaders()
    effects += state.reconcileDecodes()
    effects += state.syncAnimation()
    effects += state.requestPageIfNearEnd()
    effects += state.chrome.info.scheduleDetails(showing: state.currentPhoto,
                                          sourceDetails: state.list.remote.feed?.capabilities.contains(.details) == true)
    if state != before { effects.append(.redraw) }
    return effects
}
