import HTLCommandLine
import HTLKit

/// `htl completions bash|zsh|fish`: the script a shell loads, which asks
/// htl for every candidate while you type (`ShellCompletion`).
struct CompletionsCommand: HTLCommand {
    static let shellName = Argument.required(
        "shell", help: "bash, zsh or fish.", completion: .list(CompletionScript.Shell.allCases.map(\.rawValue)))

    static let spec = CommandSpec(
        "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            bash:  htl completions bash > ~/.local/share/bash-completion/completions/htl
            zsh:   htl completions zsh > ~/.zfunc/_htl   (with fpath+=~/.zfunc before compinit)
            fish:  htl completions fish > ~/.config/fish/completions/htl.fish
            make install puts all three where the shells find them.
            """,
        arguments: [shellName.spec])

    let shell: CompletionScript.Shell

    init(_ parsed: inout ParsedCommand) throws {
        let name = parsed[Self.shellName]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError("htl completions writes a script for bash, zsh or fish, not '\(name)'")
        }
        self.shell = shell
    }

    func run() throws {
        Output.write(CompletionScript.render(shell, program: "htl"))
    }
}
