import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// Dates against today, goal windows and terms.
enum TimeRules {
    static func futureAction(_ context: RuleContext) -> [Diagnostic] {
        context.ledger.actions.compactMap { action in
            guard action.date > context.today else { return nil }
            return Diagnostic(.futureAction, action.location, "action dated \(action.date) is after today (\(context.today))")
        }
    }

    static func linkOutsideWindow(_ context: RuleContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for action in context.ledger.actions {
            for link in action.links {
                guard let goal = context.goalsByID[link.goal], goal.hasOrderedWindow, !goal.windowContains(action.date) else { continue }
                found.append(Diagnostic(.linkOutsideWindow,
                                        SourceLocation(path: action.path, line: action.line, column: link.column),
                                        "action dated \(action.date) links '\(goal.id)' outside its window \(window(goal)); it still counts"))
            }
        }
        return found
    }

    /// Terms by start date; each term that starts on or before the latest end
    /// seen so far overlaps that term (one finding per term, linear after sorting).
    static func termOverlap(_ context: RuleContext) -> [Diagnostic] {
        let terms = context.ledger.terms.filter { $0.status != .cancelled }
        let order = terms.indices.sorted { terms[$0].start != terms[$1].start ? terms[$0].start < terms[$1].start : $0 < $1 }
        var found: [Diagnostic] = []
        var latest: Term?
        for i in order {
            let term = terms[i]
            if let earlier = latest, term.start <= earlier.end {
                found.append(Diagnostic(.termOverlap, term.location,
                                        "term \(term.number) (\(term.start) to \(term.end)) overlaps term \(earlier.number) (\(earlier.start) to \(earlier.end))",
                                        wholeFile: true))
            }
            if latest == nil || term.end > latest!.end { latest = term }
        }
        return found
    }

    static func goalOutsideTerm(_ context: RuleContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for goal in context.ledger.goals where (goal.start != nil || goal.target != nil) && goal.hasOrderedWindow {
            for reference in goal.terms {
                guard let term = context.termsByNumber[reference.number] else { continue }
                let startsAfter = goal.start.map { $0 > term.end } ?? false
                let endsBefore = goal.target.map { $0 < term.start } ?? false
                if startsAfter || endsBefore {
                    found.append(Diagnostic(.goalOutsideTerm, reference.location,
                                            "the goal's window \(window(goal)) does not overlap term \(term.number) (\(term.start) to \(term.end))"))
                }
            }
        }
        return found
    }

    static func goalLongerThanTerm(_ context: RuleContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for goal in context.ledger.goals {
            guard let start = goal.start, let target = goal.target, start <= target else { continue }
            let committed = goal.terms.compactMap { context.termsByNumber[$0.number] }
            let termDays: Int
            let what: String
            if let first = committed.map(\.start).min(), let last = committed.map(\.end).max() {
                termDays = first.days(until: last) + 1
                what = committed.count == 1 ? "term \(committed[0].number)" : "its terms"
            } else {
                termDays = context.ledger.settings.termWeeks * 7
                what = "a term of \(context.ledger.settings.termWeeks) weeks"
            }
            let days = start.days(until: target) + 1
            if 2 * days > 3 * termDays {
                found.append(Diagnostic(.goalLongerThanTerm, goal.startLocation ?? goal.location,
                                        "the goal spans \(days) days, more than 1.5 × \(what) (\(termDays) days)",
                                        help: "split it into milestones, one per term"))
            }
        }
        return found
    }

    static func window(_ goal: Goal) -> String {
        "[\(goal.start.map(String.init(describing:)) ?? "…"), \(goal.target.map(String.init(describing:)) ?? "…")]"
    }
}
