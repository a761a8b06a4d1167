import PhotoPagerCore

/// What each effect of the app means to the shell: the loop runs them in order after every
/// update (a cached photo answers its decode at once, so its answer runs in the same pass).
extension PagerLoop {
    /// Runs the pending effects in order (a cached photo answers its decode at once); returns
    /// an exit status on quit. Suspending stops the process inside, until `fg`.
    func runEffects() throws -> Int32? {
        var queue = pending[...]
        pending = []
        while let effect = queue.popFirst() {
            switch effect {
            case .decode(let request): if let answer = images.want(request) { queue += update(answer) }
            case .cancelDecodes(let keep): images.keep(only: keep)
            case .readHeaders(let ids): headers?.want(ids)
            case .fetchNextPage: network.fetchNextPage()
            case .trackDownload(let photo): network.trackDownload(photo)
            case .scheduleDetails(let id): scheduled.schedule(.detailsDue(photoID: id), after: .milliseconds(400), now: clock.now())
            case .scheduleSlide(let delay, let generation): scheduled.schedule(.slideDue(generation: generation), after: delay, now: clock.now())
            case .scheduleFrame(let delay, let generation): frames.schedule(after: delay, generation: generation, now: clock.now())
            case .animate(let content, let playing): kittyAnimation.wanted = (content, playing)
            case .fetchDetails(let id): network.fetchDetails(id)
            case .setFavourite(let id, let favourite): network.setFavourite(favourite, photoID: id)
            case .makePublicLink(let id): network.makePublicLink(photoID: id)
            case .writeRatings(let changes): culling.write(changes)
            case .turnPhotos(let changes): culling.turn(changes)
            case .runKeyHandler(let key, let photos):
                // Its screen until it ends: ours is restored, then taken again and drawn anew.
                try output.finish()
                let outcome = try keyHandler.run(key: key, photos: photos) { body in try terminal.lend(body) }
                queue += update(.keyHandlerFinished(outcome))
                queue += try remeasure()
                dirty = true
            case .trashPhotos(let photos): culling.trash(photos)
            case .restorePhotos(let photos): culling.restore(photos)
            case .copyToClipboard(let text): output.sendToNearest(OSC52.copy(text))
            case .copyImage(let photo): handoff.copyImage(photo)
            case .sendToTerminal(let bytes): output.send(bytes)
            case .remember(let remembered): StateFile.write(remembered, environment: environment)
            case .saveOriginal(let photo): if let said = handoff.saveOriginal(photo) { queue += update(.shellMessage(said)) }
            case .startSearch(let query): network.startSearch(query)
            case .openURL(let url, let id): queue += update(.shellMessage(handoff.open(url, photoID: id)))
            case .redraw: dirty = true
            case .repaint:
                redrawAll()
                dirty = true
            case .quit: return ExitStatus.ok
            case .abort: return ExitStatus.aborted
            case .suspend:
                try output.finish()
                try terminal.suspend()
                queue += try remeasure()
                dirty = true
            }
        }
        return nil
    }

}
