import PhotoPagerBase

/// The filmstrip under the pager's photo: its slots now, the thumbnails they show and bring.
extension AppState {
    /// The filmstrip's slots now (none when it is not shown).
    public var filmstripSlots: [Filmstrip.Slot] {
        guard mode == .pager, let strip = layout.filmstrip else { return [] }
        return Filmstrip.slots(in: strip, current: pager.currentIndex, count: photos.count, cell: screen.cellPixelSize)
    }

    /// The photos just past either end of the strip, at the size they will have in it.
    var filmstripNextThumbnails: [(index: Int, size: PixelSize)] {
        let slots = filmstripSlots
        guard let first = slots.first, let last = slots.last else { return [] }
        return [(first, -1), (last, 1)].compactMap { slot, step in
            let index = pager.currentIndex + slot.offset + step
            guard photos.indices.contains(index) else { return nil }
            return (index, fit(photos[index], in: slot.box).pixelSize)
        }
    }

    /// Photo `slot.index` fitted in its slot.
    func filmstripFit(_ slot: Filmstrip.Slot) -> GridLayout.Fit? {
        slot.index.map { fit(photos[$0], in: slot.box) }
    }

    /// `t`: the strip on or off, kept for the next run.
    mutating func toggleFilmstrip() -> [Effect] {
        session.remembered.showsFilmstrip = !(session.remembered.showsFilmstrip ?? false)
        return [.remember(session.remembered)]
    }
}
