import PhotoPagerBase

/// The slideshow in the app: `S`, its timer, its pause on any other key.
extension AppState {
    /// `S`: the slideshow runs from the photo being looked at (the grid opens the pager on its
    /// selection), or pauses.
    mutating func toggleSlideshow() -> [Effect] {
        if pager.slideshow.isRunning {
            pager.slideshow.pause()
            return []
        }
        if photos.isEmpty, list.remote.feed != nil {
            pager.slideshow.startWhenLoaded()
            return []
        }
        if mode == .grid { openPager(fullscreen: false) }
        guard mode == .pager else { return [] }
        return [pager.slideshow.start()]
    }

    /// A feed's photos arrived: a slideshow asked for before them starts now.
    mutating func startSlideshowIfWaiting() -> [Effect] {
        guard !photos.isEmpty, pager.slideshow.takeWaitingStart() else { return [] }
        return toggleSlideshow()
    }

    /// A slide's timer fired: the next photo (the first after the last when it loops; at the
    /// end it stops), and the next timer.
    mutating func slideDue(_ generation: Int) -> [Effect] {
        guard pager.slideshow.isDue(generation), mode == .pager else { return [] }
        if pager.currentIndex + 1 < photos.count {
            page(by: 1)
        } else if pager.slideshow.loops, photos.count > 1 {
            page(by: Int.min)
        } else {
            pager.slideshow.pause()
            return []
        }
        return [pager.slideshow.nextTurn()]
    }
}
