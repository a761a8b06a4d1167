import PhotoPagerBase

/// The pager's photo and its animation: the one the screen calls for, and its frame in a view.
extension AppState {
    /// The animation the screen calls for: the pager's photo at fit (not zoomed), decoded, with
    /// its frames made.
    mutating func syncAnimation() -> [Effect] {
        images.animations.show(playableContent, ready: playableContent.map { loadState(of: $0) == .ready } ?? false,
                        terminalPlays: screen.playsAnimations)
    }

    /// The pager's photo at fit as a first frame, when the pager shows it so (not zoomed).
    private var playableContent: ImageContent? {
        guard mode == .pager, activeZoom == nil, let fit = pageFit(forPhotoAt: pager.currentIndex), let photo = currentPhoto
        else { return nil }
        return fit.content(of: photo, frame: 0)
    }

    /// What the pager shows for its photo at fit: the animation's frame when it plays.
    func pageContent(_ index: Int, fit: GridLayout.Fit) -> ImageContent {
        images.animations.shown(for: fit.content(of: photos[index], frame: 0))
    }

    /// While the sharp photo `index` (at `fit`) is not ready: what the slow link sent first, in
    /// the same box (so the upgrade never flashes a placeholder); nil otherwise.
    func pageStandIn(_ index: Int, fit: GridLayout.Fit) -> ImageContent? {
        let first = linkLimitedFit(fit)
        guard first != fit, loadState(of: fit.content(of: photos[index], frame: 0)) != .ready else { return nil }
        return first.content(of: photos[index], frame: 0)
    }
}
