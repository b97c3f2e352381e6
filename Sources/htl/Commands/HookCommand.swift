import HTLCommandLine

/// `htl hook`: groups the git hook commands.
enum HookCommand {
    static let spec = CommandSpec("hook", abstract: "Git hooks.", subcommands: [HookInstallCommand.spec])
}
