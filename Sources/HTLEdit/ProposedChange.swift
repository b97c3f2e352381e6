import HTLCheck
import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// A file as a writer would leave it, checked with the same checker as
/// `htl check` against the rest of the ledger before anything is written.
package enum ProposedChange {
    /// The diagnostics in `file` when it joins (or replaces its namesake in)
    /// the loaded ledger, and any it causes elsewhere (a number another file
    /// already uses is reported at that file). (`unformatted` is not run:
    /// writers write canonical text.)
    public static func diagnostics(in file: SourceFile, replacing loaded: LoadedLedger) -> [Diagnostic] {
        newDiagnostics([file], replacing: loaded).filter { $0.location.path == file.path || $0.isError }
    }

    /// Every diagnostic of `file` as the ledger would have it (those it
    /// had already too: a form that rewrites a file must leave it without
    /// errors), and the errors it causes elsewhere.
    package static func everyDiagnostic(in file: SourceFile, replacing loaded: LoadedLedger) -> [Diagnostic] {
        let check = check([file], replacing: loaded)
        return check.diagnostics.filter { $0.location.path == file.path }
            + new(check, comparedWith: loaded).filter { $0.location.path != file.path && $0.isError }
    }

    /// The diagnostics the ledger has with `files` in it (replacing their
    /// namesakes) that it does not have now, wherever they are reported.
    package static func newDiagnostics(_ files: [SourceFile], replacing loaded: LoadedLedger) -> [Diagnostic] {
        new(check(files, replacing: loaded), comparedWith: loaded)
    }

    /// The ledger checked with `files` in it, replacing their namesakes.
    static func check(_ files: [SourceFile], replacing loaded: LoadedLedger) -> CheckReport {
        let paths = Set(files.map(\.path))
        let proposed = loaded.files.filter { !paths.contains($0.path) } + files
        return LedgerLoader.load(files: proposed, today: loaded.today).check
    }

    /// The diagnostics of `check` that the loaded ledger does not have.
    static func new(_ check: CheckReport, comparedWith loaded: LoadedLedger) -> [Diagnostic] {
        // Known by where and what, not by wording: a did-you-mean may now name a new id.
        func key(_ d: Diagnostic) -> String {
            "\(d.location.path):\(d.location.line):\(d.location.column) \(d.rule.rawValue) \(d.severity)"
        }
        var before: [String: Int] = [:]
        for d in loaded.check.diagnostics where d.rule != .unformatted { before[key(d), default: 0] += 1 }
        return check.diagnostics.filter { d in
            guard let n = before[key(d)], n > 0 else { return true }
            before[key(d)] = n - 1
            return false
        }
    }
}
