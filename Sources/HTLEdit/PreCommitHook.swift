import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// `htl hook install`: a git pre-commit hook that runs `htl check --staged`.
/// An existing hook is never replaced.
public enum PreCommitHook {
    package static let marker = "# Installed by htl hook install"

    public enum Outcome: Sendable, Equatable {
        case installed(String)
        case alreadyInstalled(String)
        /// Another hook is there; it was kept. Carries the line to add to it.
        case keptExisting(path: String, line: String)
    }

    /// The hook's text. `htlPath` is used when `htl` is not on PATH at commit time.
    package static func script(prefix: String, htlPath: String) -> String {
        let folder = prefix.isEmpty ? "" : "/" + String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0))
        return """
            #!/bin/sh
            \(marker): checks what is about to be committed.
            # Delete this file to stop checking.
            htl=htl
            command -v htl >/dev/null 2>&1 || htl=\(shellQuoted(htlPath))
            exec "$htl" check --staged -C "$(git rev-parse --show-toplevel)"\(shellQuoted(folder))

            """
    }

    /// Installs the hook for the ledger at `root`, under its writer lock
    /// (like every writer: two installs at once make one hook).
    public static func install(ledger root: LedgerRoot, htlPath: String, waiting: WriterLock.Waiting) throws -> Outcome
    {
        try WriterLock.holding(root, waiting) { _ in
            try install(repository: try GitRepository(ledgerRoot: root.path), htlPath: htlPath)
        }
    }

    private static func install(repository: GitRepository, htlPath: String) throws -> Outcome {
        let result = try GitProcess.run(["rev-parse", "--git-path", "hooks"], in: repository.top)
        var out = result.stdout
        if out.last == 0x0A { out.removeLast() }
        let hooks = String(decoding: out, as: UTF8.self)
        guard result.status == 0, !hooks.isEmpty else { throw HTLError("git did not name its hooks folder") }
        let folder = hooks.hasPrefix("/") ? hooks : FileSystem.join(repository.top, hooks)
        let path = FileSystem.join(folder, "pre-commit")
        let line =
            "htl check --staged -C \"$(git rev-parse --show-toplevel)\""
            + (repository.prefix.isEmpty ? "" : shellQuoted("/" + String(repository.prefix.dropLast())))
        if FileSystem.kind(of: path) != .missing || FileSystem.isSymbolicLink(path) {
            let existing = (try? FileSystem.read(path)) ?? []
            if String(decoding: existing, as: UTF8.self).contains(marker) { return .alreadyInstalled(path) }
            return .keptExisting(path: path, line: line)
        }
        try FileSystem.makeFolders(folder)
        try AtomicFile.create(
            name: "pre-commit", inFolder: folder,
            bytes: Array(script(prefix: repository.prefix, htlPath: htlPath).utf8), mode: 0o755)
        return .installed(path)
    }

    /// A word for sh in single quotes.
    static func shellQuoted(_ s: String) -> String {
        s.isEmpty ? "" : ShellWord.quoted(s)
    }
}
