import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// The files `htl init` writes: a small ledger that checks clean and shows
/// every kind of file.
public enum LedgerTemplate {
    /// A data table: each file's path and text (the term ends ten weeks after
    /// `today`). `empty`: the settings and the measures only, no example
    /// value, term, goal or log: a ledger to import into.
    public static func files(today: CivilDate, empty: Bool = false) -> [(path: String, text: String)] {
        let structure = [
            (
                path: "htl.yaml",
                text: """
                htl: 1
                title: My ledger
                term_weeks: 10

                """
            ),
            (path: "measures.yaml", text: measures),
        ]
        return empty ? structure : structure + examples(today: today)
    }

    /// The example value, term, goal and log (its example line a comment).
    static func examples(today: CivilDate) -> [(path: String, text: String)] {
        let termEnd = today.adding(days: 7 * Settings.defaultTermWeeks - 1)
        return [
            (
                "values/health.md",
                """
                ---
                title: Health
                level: major
                domain: Body
                guidance: Move every day, sleep enough, eat plants.
                ---
                Being strong enough to enjoy every decade.

                """
            ),
            (
                "terms/term-1.md",
                """
                ---
                number: 1
                title: First term
                start: \(today)
                ---
                What these ten weeks are for. At the end, write what went well.

                """
            ),
            (
                "goals/run-50km.md",
                """
                ---
                title: Run 50 kilometres this term
                start: \(today)
                target: \(termEnd)
                term: 1
                targets:
                  km: 50
                  sessions: 15
                values:
                  health: 8
                tags: [running]
                ---
                Get back into running, gently.

                ## Action plan
                - Three short runs a week.
                - [ ] Find a running partner

                """
            ),
            (
                "log/\(pad(today.year, 4)).log",
                """
                # \(pad(today.year, 4)): one action per line: date, words, quantities, +goal links, #tags
                # For example (a comment, so it counts for nothing; log your own with htl log):
                # \(today) First run of the term 3km 1session +run-50km #outdoors

                """
            ),
        ]
    }

    public static let folders = ["values", "terms", "goals", "log"]

    /// The measures the example goal and the log's example need, each with
    /// every name people type for it (`KnownUnit`): `1.5h`, `1hr`, `20mins`
    /// and `5kilometers` read as typed in a new ledger.
    static let measures = ["km", "min", "hours", "sessions"].compactMap { KnownUnit.named($0)?.yaml }.joined()

    /// Written when the folder has no .gitignore yet: the temporary files of
    /// an interrupted write and the running timer (`htl start`) never get committed.
    public static let gitignore = (
        path: ".gitignore",
        text: "# Temporary files of an interrupted htl write (removed by the next write)\n.htl-tmp-*\n"
            + "# The running timer of htl start, on this machine only\n\(TimerState.fileName)\n"
    )
}

extension LedgerTemplate {
    /// `htl init`: the template's files created in `folder` (made when
    /// missing; the folders are made even when `empty`), with a `.gitignore`
    /// and the `.gitattributes` of the log merge driver when missing, under
    /// the new ledger's writer lock; returns the paths written, in order. Nothing is written when any of them exists
    /// already, or when the template would not pass `htl check` on `today`.
    public static func create(
        in folder: String, shown: String, today: CivilDate, empty: Bool = false, waiting: WriterLock.Waiting
    ) throws -> [String] {
        let files = files(today: today, empty: empty)
        // Like every writer: nothing is written that htl check would reject.
        let proposed = LedgerLoader.load(files: files.map { SourceFile(path: $0.path, text: $0.text) }, today: today)
            .check
        if let error = proposed.diagnostics.first(where: \.isError) {
            throw HTLError(
                "the new ledger would not pass htl check on \(today): \(error.location): \(error.message); nothing "
                    + "written"
            )
        }
        try FileSystem.makeFolders(folder)
        return try WriterLock.holding(try LedgerRoot(folder), waiting) { lock in
            let existing = files.map(\.path).filter { isTaken(FileSystem.join(folder, $0)) }
            guard existing.isEmpty else {
                throw HTLError(
                    "not creating a ledger over existing files: "
                        + existing.map { FileSystem.join(shown, $0) }.joined(separator: ", "))
            }
            for name in folders {
                try AtomicFile.makeFolders(name, under: lock)
            }
            for file in files {
                try AtomicFile.create(file.path, under: lock, bytes: Array(file.text.utf8))
            }
            var written = files.map(\.path)
            if !isTaken(FileSystem.join(folder, gitignore.path)) {
                try AtomicFile.create(gitignore.path, under: lock, bytes: Array(gitignore.text.utf8))
                written.append(gitignore.path)
            }
            if try LogMergeDriver.writeAttributes(under: lock) { written.append(".gitattributes") }
            return written
        }
    }

    /// Whether a path names anything (a dangling link too).
    private static func isTaken(_ path: String) -> Bool {
        FileSystem.kind(of: path) != .missing || FileSystem.isSymbolicLink(path)
    }
}
