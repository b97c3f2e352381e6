import HTLCore
import HTLModel

/// What the report views select, defined once for every front end (the
/// command line, the MCP server, the web server): each turns a request's
/// few choices into the goals, the term or the period a view shows, with
/// the same limits and the same messages whoever asks.

/// `status`: the goals in attention order, open ones unless `all`, and
/// only those committed to a term when one is asked for.
public struct StatusView: Sendable {
    /// The term shown at the top: the asked one, else the current one.
    public var term: TermProgress?
    public var goals: [GoalProgress]

    /// Throws when `term` names no term of the ledger.
    public init(_ report: ProgressReport, all: Bool, term number: Int? = nil) throws {
        term = report.currentTerm
        goals = report.attentionOrdered.filter { all || $0.state.isOpen }
        guard let number else { return }
        guard let chosen = report.terms.first(where: { $0.term.number == number }) else {
            let known = report.terms.map { String($0.term.number) }.joined(separator: ", ")
            throw HTLError("no term has number \(number)" + (known.isEmpty ? "" : " (terms: \(known))"))
        }
        term = chosen
        goals = goals.filter { $0.goal.terms.contains { $0.number == number } }
    }
}

extension DueList {
    /// How many days ahead `due` may look (0 is today only; a hundred years at most).
    public static let days = 0...36_500
    /// How many days ahead it looks when not told.
    public static let defaultDays = 7
}

extension Review {
    /// The review of the week holding today, or of the current term when
    /// `term`; throws when no term is active or there is nothing to review.
    public init(ledger: Ledger, report: ProgressReport, ofTerm term: Bool) throws {
        var span = Span.week
        if term {
            guard let current = report.currentTerm else {
                throw HTLError("no term is active on \(report.today); review a week instead")
            }
            span = .term(current.term.number)
        }
        guard let review = Review(ledger: ledger, report: report, span: span) else {
            throw HTLError("nothing to review yet")
        }
        self = review
    }
}
