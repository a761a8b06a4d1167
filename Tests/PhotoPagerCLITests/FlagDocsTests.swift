import Foundation
import Testing
import TestSupport
@testable import PhotoPagerCLI

/// `FlagTable` drives the help pages and the man page's option list: each names every flag its
/// command takes, and the man page holds the list exactly as the table prints it. After a change
/// to the table, `PHOTOPAGER_WRITE_DOCS=1 swift test --filter FlagDocsTests` writes the new text
/// between the man page's markers.
@Suite struct FlagDocsTests {
    /// Every long flag `--help` names for `topic` (rows, and refinements named in prose), leaving
    /// out the synopsis lines of the other commands.
    static func helpFlags(_ topic: HelpTopic) -> Set<String> {
        var flags: Set<String> = []
        for line in Usage.text(topic).split(separator: "\n") {
            if topic == .main, line.contains("photopager list") || line.contains("photopager render") { continue }
            for match in line.matches(of: /--[a-z][a-z0-9-]*/) { flags.insert(String(match.output)) }
        }
        return flags
    }

    /// A page lists the groups it chooses, and a flag documented `.prose` leans on the page's
    /// words: neither may leave out a flag its command takes, nor name one it does not.
    @Test(arguments: [HelpTopic.main, .list, .render])
    func helpNamesTheFlagsItsCommandTakes(topic: HelpTopic) {
        #expect(Set(FlagTable.names(topic)) == Self.helpFlags(topic))
    }

    @Test func theManPageHasTheOptions() throws {
        let section = try GeneratedDocs.section(of: "Resources/photopager.1", from: ".\\\" options:", to: ".\\\" /options",
                                                wanted: FlagTable.roff)
        #expect(section == FlagTable.roff, "photopager.1 should hold:\n\(FlagTable.roff)")
    }

    /// Options documented in another's item (`--orientation` under `--search`) are named there.
    @Test func theManPageNamesEveryOption() {
        for name in FlagTable.all.flatMap(\.names) {
            let roff = name.map { $0 == "-" ? "\\-" : String($0) }.joined()
            #expect(FlagTable.roff.contains(roff), "the man page's options lack \(name)")
        }
    }

    @Test func helpRowsAlignTheirText() {
        let rows = FlagTable.helpRows(.render, [.drawing, .about])
        #expect(rows.hasPrefix("  --renderer NAME        auto, sixel"))
        #expect(rows.contains("\n                         asked of the terminal"), "a row's later lines start under its text")
        #expect(rows.hasSuffix("\n  -h, --help             show this help"))
        #expect(FlagTable.helpRows(.main, [.pager]).contains("  --loop, --no-loop      the slideshow"))
        #expect(FlagTable.helpRows(.main, [.output]).hasPrefix("  --clipboard, --no-clipboard\n                         sharing"),
                "a flag wider than its column has its text on the next line")
    }

    @Test func joinedFlagsShareTheRowBefore() {
        #expect(FlagTable.helpRows(.list, [.order]) == """
              --sort name|date|random|rating, --reverse, --no-reverse, --seed N
                                     the order, as in the pager (not for feeds: --order-by)
              --min-rating N         only photos with N stars or more
              --rejected             only the rejected photos
              --raw                  of a RAW + JPEG pair, list the RAW
            """)
        #expect(FlagTable.roff.contains(#"\fB\-\-collection\fR \fIID\fR, \fB\-\-topic\fR \fISLUG\fR, \fB\-\-user\fR \fIUSERNAME\fR"#))
    }
}
