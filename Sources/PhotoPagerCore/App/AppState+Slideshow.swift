import PhotoPagerBase

/// The slideshow in the app: `S`, its timer, its pause on any other key.
extension AppState {
    /// `S`: the slideshow runs from the photo being looked at (the grid opens the pager on its
    /// selection), or pauses.
    mutating func toggleSlideshow() -> [Effect] {
        if pager.slideshow.isRunning {
            pauseSlideshow()
            return []
        }
        if photos.isEmpty, list.remote.feed != nil {
            pager.slideshow.startsWhenLoaded = true
            return []
        }
        if mode == .grid { openPager(fullscreen: false) }
        guard mode == .pager else { return [] }
        pager.slideshow.isRunning = true
        return [nextSlide()]
    }

    /// A feed's photos arrived: a slideshow asked for before them starts now.
    mutating func startSlideshowIfWaiting() -> [Effect] {
        guard pager.slideshow.startsWhenLoaded, !photos.isEmpty else { return [] }
        pager.slideshow.startsWhenLoaded = false
        return toggleSlideshow()
    }

    mutating func pauseSlideshow() {
        pager.slideshow.startsWhenLoaded = false
        guard pager.slideshow.isRunning else { return }
        pager.slideshow.isRunning = false
        pager.slideshow.generation += 1
    }

    /// A slide's timer fired: the next photo (the first after the last when it loops; at the
    /// end it stops), and the next timer.
    mutating func slideDue(_ generation: Int) -> [Effect] {
        guard pager.slideshow.isRunning, generation == pager.slideshow.generation, mode == .pager else { return [] }
        if pager.currentIndex + 1 < photos.count {
            page(by: 1)
        } else if pager.slideshow.loops, photos.count > 1 {
            page(by: Int.min)
        } else {
            pauseSlideshow()
            return []
        }
        return [nextSlide()]
    }

    private mutating func nextSlide() -> Effect {
        pager.slideshow.generation += 1
        return .scheduleSlide(after: .milliseconds(Int(pager.slideshow.seconds * 1000)), generation: pager.slideshow.generation)
    }
}
