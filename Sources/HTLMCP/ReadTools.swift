import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender

/// The read tools: the same documents as the report commands' `--json`.
extension MCPSession {
    func report(_ name: String, _ args: ToolArguments, loaded: LoadedLedger) throws -> String {
        let ledger = loaded.ledger
        let report = loaded.progressReport()
        switch name {
        case "status":
            let view = try StatusView(report, all: try args.bool("all") ?? false)
            return ReportJSON.status(report, term: view.term, goals: view.goals)
        case "progress":
            let g = try goal(try args.string("goal") ?? "", in: ledger, report: report)
            return ReportJSON.progress(g, ledger: ledger, report: report)
        case "values": return ReportJSON.values(report)
        case "terms": return ReportJSON.terms(report)
        case "actions": return try actions(args, ledger: ledger, report: report)
        case "next": return ReportJSON.next(report)
        case "due":
            let within = try args.int("within") ?? DueList.defaultDays
            guard DueList.days.contains(within) else { throw HTLError("'within' takes 0 to 36500 days") }
            return ReportJSON.due(
                DueList(report, within: within), within: within, today: report.today, measures: report.measures)
        case "review":
            return try review(term: try args.bool("term") ?? false, ledger: ledger, report: report)
        default:
            throw HTLError("no tool '\(name)'")
        }
    }

    func goal(_ text: String, in ledger: Ledger, report: ProgressReport) throws -> GoalProgress {
        let id = try GoalLookup.id(named: text, in: ledger.goals.map(\.id))
        guard let g = report.goal(id) else { throw HTLError("no goal '\(id)'") }
        return g
    }

    func actions(_ args: ToolArguments, ledger: Ledger, report: ProgressReport) throws -> String {
        let goalID = try args.string("goal").map { try goal($0, in: ledger, report: report).id }
        let filter = ActionFilter(
            goal: goalID, tag: try args.string("tag"),
            from: try args.date("from"), to: try args.date("to"))
        return ReportJSON.actions(filter.apply(ledger, report), ledger: ledger, report: report)
    }

    func review(term: Bool, ledger: Ledger, report: ProgressReport) throws -> String {
        ReportJSON.review(try Review(ledger: ledger, report: report, ofTerm: term), report: report)
    }

    /// `htl diff --json`: progress at `from` (HEAD) against `to` (the working
    /// tree), each on its own day, or both on `as_of`.
    func diff(_ args: ToolArguments) throws -> String {
        let from = try args.string("from") ?? "HEAD"
        let to = try args.string("to")
        let day = try args.date("as_of")
        let before = try load {
            $0.source = .revision(from)
            $0.diffSide(on: day)
        }
        let after = try load {
            $0.source = to.map { .revision($0) } ?? .directory
            $0.diffSide(on: day)
        }
        return ReportJSON.diff(ProgressDiff(from: before, to: after), from: from, to: to ?? "worktree")
    }

    /// `htl check --format json`, against HEAD's log lines when in git.
    func check() throws -> String {
        let loaded = try load {
            $0.appendOnly = .headWhenInGit
            $0.formatting = true
        }
        return DiagnosticRenderer.json(loaded.check)
    }
}
