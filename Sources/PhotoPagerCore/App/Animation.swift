import PhotoPagerBase

/// The pager playing an animated GIF or WebP: which frame is shown, and the generation of the
/// timer asked for (a timer of an older generation — paused, paged away — is ignored).
public struct Animation: Sendable, Hashable {
    /// The first frame's content: the photo at fit in the pager.
    public var content: ImageContent
    /// Each frame's delay in milliseconds.
    public var delays: [Int]
    public var frame = 0
    public var generation: Int

    /// The content shown now.
    public var shown: ImageContent {
        var shown = content
        shown.frame = frame
        return shown
    }
}

extension AppState {
    /// The animation the screen calls for: the pager's photo at fit (not zoomed), decoded, with
    /// its frames made. Started at its first frame when it changes; nil when there is none.
    mutating func syncAnimation() -> [Effect] {
        guard mode == .pager, activeZoom == nil, let fit = pageFit(forPhotoAt: pager.currentIndex), let photo = currentPhoto
        else { animation = nil; return [] }
        let content = ImageContent(photoID: photo.id, pixelSize: fit.pixelSize, frame: 0)
        guard let delays = playable[content], loadState(of: content) == .ready else { animation = nil; return [] }
        guard animation?.content != content else { return [] }
        animation = Animation(content: content, delays: delays, generation: (animation?.generation ?? 0) + 1)
        return animationsPaused && !screen.playsAnimations ? [] : scheduleNextFrame()
    }

    /// The timer for the frame after the one shown; for a terminal that plays animations
    /// itself, the word to play or stop.
    private func scheduleNextFrame() -> [Effect] {
        guard let animation else { return [] }
        if screen.playsAnimations { return [.animate(animation.content, playing: !animationsPaused)] }
        return [.scheduleFrame(after: .milliseconds(animation.delays[animation.frame]), generation: animation.generation)]
    }

    /// A frame's time is up: the next one (round and round), unless paused or stale.
    mutating func frameDue(_ generation: Int) -> [Effect] {
        guard var playing = animation, playing.generation == generation, !animationsPaused else { return [] }
        playing.frame = (playing.frame + 1) % playing.delays.count
        animation = playing
        return scheduleNextFrame()
    }

    /// `a`: pause, or play on from the frame shown (a timer of the paused run is ignored).
    mutating func toggleAnimations() -> [Effect] {
        animationsPaused.toggle()
        guard !animationsPaused || screen.playsAnimations, animation != nil else { return [] }
        animation?.generation += 1
        return scheduleNextFrame()
    }

    /// What the pager shows for its photo at fit: the animation's frame when it plays.
    func pageContent(_ index: Int, fit: GridLayout.Fit) -> ImageContent {
        let content = ImageContent(photoID: photos[index].id, pixelSize: fit.pixelSize, frame: 0)
        return animation?.content == content ? animation!.shown : content
    }
}
