import PhotoPagerBase

/// The slideshow in the app: `S`, its timer, its pause on any other key.
extension AppState {
    /// `S`: the slideshow runs from the photo being looked at (the grid opens the pager on its
    /// selection), or pauses.
    mutating func toggleSlideshow() -> [Effect] {
        if slideshow.isRunning {
            pauseSlideshow()
            return []
        }
        if photos.isEmpty, remote.feed != nil {
            slideshow.startsWhenLoaded = true
            return []
        }
        if mode == .grid { openPager(fullscreen: false) }
        guard mode == .pager else { return [] }
        slideshow.isRunning = true
        return [nextSlide()]
    }

    /// A feed's photos arrived: a slideshow asked for before them starts now.
    mutating func startSlideshowIfWaiting() -> [Effect] {
        guard slideshow.startsWhenLoaded, !photos.isEmpty else { return [] }
        slideshow.startsWhenLoaded = false
        return toggleSlideshow()
    }

    mutating func pauseSlideshow() {
        slideshow.startsWhenLoaded = false
        guard slideshow.isRunning else { return }
        slideshow.isRunning = false
        slideshow.generation += 1
    }

    /// A slide's timer fired: the next photo (the first after the last when it loops; at the
    /// end it stops), and the next timer.
    mutating func slideDue(_ generation: Int) -> [Effect] {
        guard slideshow.isRunning, generation == slideshow.generation, mode == .pager else { return [] }
        if pager.currentIndex + 1 < photos.count {
            page(by: 1)
        } else if slideshow.loops, photos.count > 1 {
            page(by: Int.min)
        } else {
            pauseSlideshow()
            return []
        }
        return [nextSlide()]
    }

    private mutating func nextSlide() -> Effect {
        slideshow.generation += 1
        return .scheduleSlide(after: .milliseconds(Int(slideshow.seconds * 1000)), generation: slideshow.generation)
    }
}
