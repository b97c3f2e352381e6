/// The completion scripts for bash, zsh and fish. Each is a few lines that
/// ask the program itself what may come next (`PROGRAM __complete INDEX
/// WORDS...`): it answers one candidate per line, or `:files` / `:dirs`
/// for the shell's own file names.
public enum CompletionScript {
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    public static let filesMarker = ":files"
    public static let directoriesMarker = ":dirs"

    public static func render(_ shell: Shell, program: String) -> String {
        switch shell {
        case .bash: return bash(program)
        case .zsh: return zsh(program)
        case .fish: return fish(program)
        }
    }

    /// The answer's lines, as the scripts read them.
    public static func lines(_ answer: CompletionAnswer, custom: (String, String) -> [String]) -> [String] {
        switch answer {
        case .words(let words): return words
        case .files: return [filesMarker]
        case .directories: return [directoriesMarker]
        case .custom(let name, let prefix): return custom(name, prefix)
        }
    }

    private static func bash(_ p: String) -> String {
        """
        # bash completion for \(p): the candidates come from \(p) itself (\(p) __complete).
        _\(p)() {
            local IFS=$'\\n' cur="${COMP_WORDS[COMP_CWORD]}"
            local -a reply
            reply=($("${COMP_WORDS[0]}" __complete "$((COMP_CWORD - 1))" "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
            case "${reply[0]}" in
                \(filesMarker)) COMPREPLY=($(compgen -f -- "$cur")) ;;
                \(directoriesMarker)) COMPREPLY=($(compgen -d -- "$cur")) ;;
                *) COMPREPLY=("${reply[@]}")
                    # Inside an open quote (a log line) bash closes the quote after a lone
                    # candidate, and a #tag typed next would be a comment: offered with a
                    # space too, the candidate is completed and the line stays open.
                    case "$cur" in
                        \\"*\\"* | \\'*\\'*) ;;
                        \\"* | \\'*) (( ${#COMPREPLY[@]} == 1 )) && COMPREPLY+=("${COMPREPLY[0]} ") ;;
                    esac ;;
            esac
        }
        complete -o filenames -F _\(p) \(p)

        """
    }

    private static func zsh(_ p: String) -> String {
        """
        #compdef \(p)
        # zsh completion for \(p): the candidates come from \(p) itself (\(p) __complete).
        _\(p)() {
            local -a reply
            reply=("${(@f)$("${words[1]}" __complete "$((CURRENT - 2))" "${(@)words[2,CURRENT]}" 2>/dev/null)}")
            reply=(${reply:#})
            case "${reply[1]}" in
                \(filesMarker)) _files ;;
                \(directoriesMarker)) _files -/ ;;
                *)
                    if [[ -n $compstate[quote] ]]; then
                        # Inside an open quote (a log line) the candidates are the whole
                        # line: complete its last word, and the quote stays open.
                        local head=${PREFIX%"${PREFIX##*[[:space:]]}"}
                        compset -q
                        reply=("${(@)reply#"$head"}")
                    fi
                    (( ${#reply} )) && compadd -Q -- "${reply[@]}" ;;
            esac
        }
        if [[ "${funcstack[1]}" = _\(p) ]]; then
            _\(p) "$@"
        else
            compdef _\(p) \(p)
        fi

        """
    }

    private static func fish(_ p: String) -> String {
        """
        # fish completion for \(p): the candidates come from \(p) itself (\(p) __complete).
        function __\(p)_complete
            set -l words (commandline -opc)
            set -l program $words[1]
            set -e words[1]
            set -l current (commandline -ct)
            set -l reply (command $program __complete (count $words) $words "$current" 2>/dev/null)
            switch "$reply[1]"
                case \(filesMarker)
                    __fish_complete_path "$current"
                case \(directoriesMarker)
                    __fish_complete_directories "$current"
                case '*'
                    printf '%s\\n' $reply
                    # Inside an open quote (a log line) fish closes the quote after a lone
                    # candidate, and a #tag typed next would be a comment: offered with a
                    # space too, the candidate is completed and the line stays open.
                    if test (count $reply) -eq 1; and string match -qr -- '^"[^"]*$|^\\'[^\\']*$' "$current"
                        printf '%s \\n' $reply
                    end
            end
        end
        complete -c \(p) -f -a '(__\(p)_complete)'

        """
    }
}
