import TerminalGraphics

extension Invocation {
    /// The settings in force: flag > environment > config file > default, all decided here
    /// (the renderer choice downstream gets an environment without PHOTOPAGER_RENDERER, see
    /// `environmentAfterResolving`). A name that is no renderer ("auto", a typo in the
    /// variable) means automatic.
    func resolved(environment: [String: String], config: ConfigFile) -> Invocation {
        var resolved = self
        let name = flags.renderer ?? Self.nonEmpty(environment[Self.rendererVariable]) ?? config.settings.renderer
        resolved.settings.renderer = name.flatMap(RendererKind.init(rawValue:))
        resolved.settings.clipboard = flags.clipboard ?? config.settings.clipboard ?? true
        resolved.settings.cacheMB = flags.cacheMB ?? config.settings.cacheMB ?? RenderSettings().cacheMB
        resolved.settings.memoryMB = flags.memoryMB ?? config.settings.memoryMB ?? RenderSettings().memoryMB
        resolved.flags.accessKey = flags.accessKey ?? Self.nonEmpty(environment["UNSPLASH_ACCESS_KEY"]) ?? config.settings.accessKey
        resolved.flags.immichURL = flags.immichURL ?? config.settings.immichURL
        resolved.flags.immichKey = flags.immichKey ?? Self.nonEmpty(environment["IMMICH_API_KEY"]) ?? config.settings.immichKey
        resolved.flags.immichLinkDays = config.settings.immichLinkDays
        resolved.flags.immichCAFile = config.settings.immichCAFile
        resolved.flags.keyHandler = config.settings.keyHandler
        resolved.flags.printForm = flags.printForm ?? config.settings.printForm
        resolved.flags.print0 = flags.print0 ?? config.settings.print0
        resolved.flags.loop = flags.loop ?? config.settings.loop
        resolved.flags.downloadDir = flags.downloadDir ?? config.settings.downloadDir
        // A feed or a library keeps the server's order: the file's sort is for local photos.
        if feed == nil, immich == nil {
            resolved.flags.sort = flags.sort ?? config.settings.sort
            resolved.flags.reverse = flags.reverse ?? config.settings.reverse
        }
        // A feed has no ratings; a library's and a folder's do.
        if feed == nil { resolved.flags.minRating = flags.minRating ?? (flags.rejected == true ? nil : config.settings.minRating) }
        // The file's pace is used when S starts one; only the flag starts one at once.
        resolved.slideshowPace = config.settings.slideshowSeconds
        return resolved
    }

    static let rendererVariable = "PHOTOPAGER_RENDERER"

    /// The environment for what runs next: the renderer variable has been accounted for above.
    static func environmentAfterResolving(_ environment: [String: String]) -> [String: String] {
        var rest = environment
        rest[rendererVariable] = nil
        return rest
    }

    private static func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
}
