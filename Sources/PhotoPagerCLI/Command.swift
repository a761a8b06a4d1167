import PhotoDecoding
import TerminalGraphics

/// What the person asked for, parsed from the command line.
enum Command: Equatable {
    case help(HelpTopic)
    case version
    /// Until the interactive pager lands: the photos one after another, each with its credit.
    case show(sources: [String], RenderSettings)
    case list(sources: [String], json: Bool)
    case render(files: [String], RenderSettings)
}

enum HelpTopic: String, Equatable, CaseIterable {
    case main, list, render
}

/// Flags shared by everything that draws photos.
struct RenderSettings: Equatable {
    /// nil = auto: picked from environment hints.
    var renderer: RendererKind?
    /// nil = the terminal's size (or 80x24 when stdout is not a terminal).
    var size: CellSize?
    /// nil = from the terminal (TIOCGWINSZ), else 10x20.
    var cellSize: CellPixelSize?
    var maxPixels = DecodeRequest.defaultMaxPixels
    /// `--no-clipboard`: sharing does not copy with OSC 52.
    var clipboard = true
}

/// A mistake in the command line: printed with the usage of `topic`, exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    let topic: HelpTopic
    var description: String { message }
}
