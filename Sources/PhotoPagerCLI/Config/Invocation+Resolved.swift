import TerminalGraphics

extension Invocation {
    /// The settings in force: flag > environment > config file > default.
    func resolved(environment: [String: String], config: ConfigFile) -> Invocation {
        var resolved = self
        // PHOTOPAGER_RENDERER is read by the renderer choice itself, so the config's renderer
        // only counts when neither the flag nor the variable says anything.
        let fromEnvironment = (environment["PHOTOPAGER_RENDERER"] ?? "").isEmpty ? nil : ""
        let name = flags.renderer ?? fromEnvironment ?? config.settings.renderer
        resolved.settings.renderer = name.flatMap(RendererKind.init(rawValue:))
        resolved.settings.clipboard = flags.clipboard ?? config.settings.clipboard ?? true
        resolved.settings.cacheMB = flags.cacheMB ?? config.settings.cacheMB ?? RenderSettings().cacheMB
        resolved.settings.memoryMB = flags.memoryMB ?? config.settings.memoryMB ?? RenderSettings().memoryMB
        resolved.flags.accessKey = flags.accessKey ?? environment["UNSPLASH_ACCESS_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            ?? config.settings.accessKey
        return resolved
    }
}
