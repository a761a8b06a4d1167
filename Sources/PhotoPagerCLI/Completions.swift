/// `photopager completions bash|zsh|fish`: a completion script for the shell, written from
/// `FlagTable`: the commands, each flag of each, the values a flag takes, files and folders for
/// sources.
enum Completions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static let commands = ["list", "render", "help", "completions"]

    /// Each long name, with the value it takes and the commands that take it.
    private static let flags: [(name: String, value: FlagValue, topics: Set<HelpTopic>)] = FlagTable.all.flatMap { flag in
        flag.longNames.map { (name: $0, value: $0 == flag.name ? flag.value : .none, topics: flag.topics) }
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
            case .none, .optionalAddress: nil
            case .text: "    \(flag.name)) \(free);;"
            case .directory: "    \(flag.name)) \(directory);;"
            case .choices(let words, _): "    \(flag.name)) \(choices(words.joined(separator: " ")));;"
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
            list) flags="\(FlagTable.names(.list).joined(separator: " "))" ;;
            render) flags="\(FlagTable.names(.render).joined(separator: " "))" ;;
            help|completions) [ "$COMP_CWORD" = 2 ] && COMPREPLY=($(compgen -W "main list render bash zsh fish" -- "$cur")); return ;;
            *) flags="\(FlagTable.names(.main).joined(separator: " "))" ;;
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
            list) flags=(\(FlagTable.names(.list).joined(separator: " "))) ;;
            render) flags=(\(FlagTable.names(.render).joined(separator: " "))) ;;
            help|completions) (( CURRENT == 3 )) && compadd -- main list render bash zsh fish; return ;;
            *) flags=(\(FlagTable.names(.main).joined(separator: " "))) ;;
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
            case FlagTable.everyCommand: condition = ""
            case [.main]: condition = " -n 'not __fish_seen_subcommand_from list render'"
            default:
                let named = flag.topics.filter { $0 != .main }.map(\.rawValue).sorted().joined(separator: " ")
                let others = FlagTable.everyCommand.subtracting(flag.topics).filter { $0 != .main }.map(\.rawValue).sorted().joined(separator: " ")
                condition = flag.topics.contains(.main)
                    ? " -n 'not __fish_seen_subcommand_from \(others)'" : " -n '__fish_seen_subcommand_from \(named)'"
            }
            let value: String
            switch flag.value {
            case .none, .optionalAddress: value = ""
            case .text: value = " -x"
            case .directory: value = " -x -a '(__fish_complete_directories)'"
            case .choices(let words, _): value = " -x -a '\(words.joined(separator: " "))'"
            }
            lines.append("complete -c photopager\(condition) -l \(name)\(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
