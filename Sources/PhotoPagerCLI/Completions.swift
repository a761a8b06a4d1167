import TerminalGraphics
import PhotoPagerBase
import Unsplash

/// `photopager completions bash|zsh|fish`: a completion script for the shell, from one table
/// of the command line (a test checks it against `--help`, so a new flag cannot be left out):
/// the commands, each flag of each, the values a flag takes, files and folders for sources.
enum Completions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// What a flag's value is.
    enum Value: Equatable {
        case none
        /// Typed freely (a size, a number, a query): nothing to offer.
        case free
        case choices([String])
        case directory
    }

    struct Flag: Equatable {
        let name: String
        let value: Value
        /// The commands that take it: `main` (browsing), `list`, `render`.
        let topics: Set<HelpTopic>
    }

    static let commands = ["list", "render", "help", "completions"]

    private static let all: Set<HelpTopic> = [.main, .list, .render]
    private static let feeds: Set<HelpTopic> = [.main, .list]

    static let flags: [Flag] = [
        Flag(name: "--help", value: .none, topics: all),
        Flag(name: "--version", value: .none, topics: [.main]),
        Flag(name: "--renderer", value: .choices(["auto"] + RendererKind.allCases.map(\.rawValue)), topics: [.main, .render]),
        Flag(name: "--size", value: .free, topics: [.main, .render]),
        Flag(name: "--cell-size", value: .free, topics: [.main, .render]),
        Flag(name: "--max-megapixels", value: .free, topics: all),
        Flag(name: "--cache-mb", value: .free, topics: all),
        Flag(name: "--memory-mb", value: .free, topics: [.main]),
        Flag(name: "--clipboard", value: .none, topics: [.main]),
        Flag(name: "--no-clipboard", value: .none, topics: [.main]),
        Flag(name: "--print", value: .choices(ExitOutput.Form.allCases.map(\.rawValue)), topics: [.main]),
        Flag(name: "--print0", value: .none, topics: [.main]),
        Flag(name: "--no-print0", value: .none, topics: [.main]),
        Flag(name: "--download-dir", value: .directory, topics: [.main]),
        Flag(name: "--sort", value: .choices(PhotoSort.Key.allCases.map(\.rawValue)), topics: feeds),
        Flag(name: "--reverse", value: .none, topics: feeds),
        Flag(name: "--no-reverse", value: .none, topics: feeds),
        Flag(name: "--seed", value: .free, topics: feeds),
        Flag(name: "--raw", value: .none, topics: feeds),
        Flag(name: "--slideshow", value: .free, topics: [.main]),
        Flag(name: "--loop", value: .none, topics: [.main]),
        Flag(name: "--no-loop", value: .none, topics: [.main]),
        Flag(name: "--json", value: .none, topics: [.list]),
        Flag(name: "--unsplash", value: .none, topics: feeds),
        Flag(name: "--search", value: .free, topics: feeds),
        Flag(name: "--orientation", value: .choices(UnsplashFeed.orientations), topics: feeds),
        Flag(name: "--search-color", value: .choices(UnsplashFeed.colors), topics: feeds),
        Flag(name: "--order-by", value: .choices(UnsplashFeed.searchOrders), topics: feeds),
        Flag(name: "--collection", value: .free, topics: feeds),
        Flag(name: "--topic", value: .free, topics: feeds),
        Flag(name: "--user", value: .free, topics: feeds),
        Flag(name: "--limit", value: .free, topics: feeds),
        Flag(name: "--access-key", value: .free, topics: feeds),
    ]

    static func names(_ topic: HelpTopic) -> [String] {
        flags.filter { $0.topics.contains(topic) }.map(\.name)
    }

    static func script(_ shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// `case` arms for the flags that take a value, in shell syntax: `--a|--b) ACTION;;`.
    private static func valueCases(choices: (String) -> String, directory: String, free: String) -> String {
        flags.compactMap { flag -> String? in
            switch flag.value {
            case .none: nil
            case .free: "    \(flag.name)) \(free);;"
            case .directory: "    \(flag.name)) \(directory);;"
            case .choices(let words): "    \(flag.name)) \(choices(words.joined(separator: " ")));;"
            }
        }.joined(separator: "\n")
    }

    private static var bash: String {
        """
        # photopager completion for bash: source it, or install it as
        # /usr/share/bash-completion/completions/photopager (make install does).
        _photopager() {
          local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} flags
          COMPREPLY=()
          case $prev in
        \(valueCases(choices: { "COMPREPLY=($(compgen -W \"\($0)\" -- \"$cur\")); return" },
                     directory: "COMPREPLY=($(compgen -d -- \"$cur\")); return", free: "return"))
          esac
          case ${COMP_WORDS[1]} in
            list) flags="\(names(.list).joined(separator: " "))" ;;
            render) flags="\(names(.render).joined(separator: " "))" ;;
            help|completions) [ "$COMP_CWORD" = 2 ] && COMPREPLY=($(compgen -W "main list render bash zsh fish" -- "$cur")); return ;;
            *) flags="\(names(.main).joined(separator: " "))" ;;
          esac
          if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$flags" -- "$cur"))
            return
          fi
          [ "$COMP_CWORD" = 1 ] && COMPREPLY=($(compgen -W "\(commands.joined(separator: " "))" -- "$cur"))
          COMPREPLY+=($(compgen -f -- "$cur"))
        }
        complete -o filenames -F _photopager photopager

        """
    }

    private static var zsh: String {
        """
        #compdef photopager
        # photopager completion for zsh: put it in a directory of $fpath as _photopager
        # (make install puts it in site-functions).
        _photopager() {
          local -a flags
          case $words[CURRENT-1] in
        \(valueCases(choices: { "compadd -- \($0); return" }, directory: "_files -/; return", free: "return"))
          esac
          case $words[2] in
            list) flags=(\(names(.list).joined(separator: " "))) ;;
            render) flags=(\(names(.render).joined(separator: " "))) ;;
            help|completions) (( CURRENT == 3 )) && compadd -- main list render bash zsh fish; return ;;
            *) flags=(\(names(.main).joined(separator: " "))) ;;
          esac
          if [[ $words[CURRENT] == -* ]]; then
            compadd -- $flags
            return
          fi
          (( CURRENT == 2 )) && compadd -- \(commands.joined(separator: " "))
          _files
        }
        _photopager "$@"

        """
    }

    private static var fish: String {
        var lines = ["# photopager completion for fish: put it in ~/.config/fish/completions/photopager.fish",
                     "# (make install puts it in vendor_completions.d).",
                     "complete -c photopager -n __fish_use_subcommand -f -a '\(commands.joined(separator: " "))'"]
        for flag in flags {
            let name = String(flag.name.dropFirst(2))
            let condition: String
            switch flag.topics {
            case all: condition = ""
            case [.main]: condition = " -n 'not __fish_seen_subcommand_from list render'"
            default:
                let named = flag.topics.filter { $0 != .main }.map(\.rawValue).sorted().joined(separator: " ")
                let others = all.subtracting(flag.topics).filter { $0 != .main }.map(\.rawValue).sorted().joined(separator: " ")
                condition = flag.topics.contains(.main)
                    ? " -n 'not __fish_seen_subcommand_from \(others)'" : " -n '__fish_seen_subcommand_from \(named)'"
            }
            let value: String
            switch flag.value {
            case .none: value = ""
            case .free: value = " -x"
            case .directory: value = " -x -a '(__fish_complete_directories)'"
            case .choices(let words): value = " -x -a '\(words.joined(separator: " "))'"
            }
            lines.append("complete -c photopager\(condition) -l \(name)\(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
