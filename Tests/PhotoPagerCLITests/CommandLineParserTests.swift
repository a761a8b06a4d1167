import Testing
@testable import PhotoPagerCLI

/// The parser reads `FlagTable`: every flag, on every command, does what its entry says.
@Suite struct CommandLineParserTests {
    static func arguments(_ topic: HelpTopic, _ rest: [String]) -> [String] {
        (topic == .main ? [] : [topic.rawValue]) + rest
    }

    static func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try CommandLineParser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    /// Given to a command it does not belong to, a flag is unknown there, refused with a reason,
    /// or parsed anyway, as its entry says.
    @Test func aFlagElsewhereIsWhatItsEntrySays() {
        for flag in FlagTable.all {
            for topic in FlagTable.everyCommand.subtracting(flag.topics) {
                let arguments = Self.arguments(topic, [flag.name])
                let message = Self.error(arguments)?.message ?? ""
                switch flag.elsewhere {
                case .unknown: #expect(message == "unknown option '\(flag.name)'", "\(arguments)")
                case .refused(let reason): #expect(message == "\(flag.name) \(reason)", "\(arguments)")
                case .tolerated: #expect(!message.contains("unknown option"), "\(arguments)")
                }
            }
        }
    }

    @Test func aSwitchTakesNoValueAndTheOthersNeedOne() {
        for flag in FlagTable.all {
            for topic in flag.topics {
                for name in flag.longNames {
                    if case .optionalAddress = flag.value {                 // `--immich` alone: the config's server
                        #expect(Self.error(Self.arguments(topic, [name])) == nil)
                        continue
                    }
                    let given = flag.value == .none ? "\(name)=1" : name
                    let wanted = flag.value == .none ? "\(name) takes no value" : "\(name) needs a value"
                    let error = Self.error(Self.arguments(topic, [given]))
                    #expect(error == UsageError(message: wanted, topic: topic))
                }
            }
        }
    }

    /// `--immich` takes the next argument as its server only when it is an http(s) address, and
    /// `--search` searches the source the command line names.
    @Test func immichTakesAnAddressOnlyWhenOneFollows() throws {
        guard case .show(let given) = try CommandLineParser.parse(["--immich", "https://p.example", "--album", "Trip"]),
              case .show(let fromConfig) = try CommandLineParser.parse(["--immich", "--album", "Trip", "--favorites"]),
              case .list(let search, _) = try CommandLineParser.parse(["list", "--search", "cats", "--immich"]),
              case .show(let unsplash) = try CommandLineParser.parse(["--search", "cats"])
        else { Issue.record("not the commands expected"); return }
        #expect(given.flags.immichURL == "https://p.example" && given.immich?.album == "Trip")
        #expect(fromConfig.flags.immichURL == nil && fromConfig.immich?.album == "Trip" && fromConfig.immich?.favourites == true)
        #expect(search.immich?.text == "cats" && search.feed == nil)
        #expect(unsplash.immich == nil && unsplash.feed != nil)
        #expect(Self.error(["--immich", "Pictures"])?.message == "an Immich library is browsed on its own: drop Pictures")
        #expect(Self.error(["render", "--immich", "x.jpg"]) != nil)
    }

    /// `--no-NAME` undoes `--NAME` (a config file's `true` can be turned off for one run).
    @Test func anInvertedFlagTurnsItsSettingOff() throws {
        for flag in FlagTable.all {
            guard let off = flag.offName else { continue }
            #expect(try CommandLineParser.parse([flag.name]) != CommandLineParser.parse([off]), "\(flag.name)")
            #expect(try CommandLineParser.parse([flag.name, off]) == CommandLineParser.parse([off]), "\(flag.name)")
        }
    }

    @Test func aChoiceIsOneOfItsWords() throws {
        #expect(Self.error(["--sort", "size"])?.message == "--sort 'size' is not one of: name, date, random, rating")
        #expect(Self.error(["--search", "cats", "--order-by=newest"])?.message == "--order-by 'newest' is not one of: relevant, latest")
        guard case .show(let invocation) = try CommandLineParser.parse(["--print=json", "--sort", "date"]) else {
            Issue.record(); return
        }
        #expect(invocation.flags.printForm == .json && invocation.flags.sort == .date)
    }

    @Test func helpAndVersionEndTheParse() throws {
        #expect(try CommandLineParser.parse(["--size", "80x24", "-h", "--bogus"]) == .help(.main))
        #expect(try CommandLineParser.parse(["render", "--help"]) == .help(.render))
        #expect(try CommandLineParser.parse(["list", "-V"]) == .version)
        #expect(Self.error(["--bogus", "--help"])?.message == "unknown option '--bogus'")
    }
}
