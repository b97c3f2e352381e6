import HTLCore
import HTLModel

/// Reads a cadence rule, `N/PERIOD` or `<=N/PERIOD` (FORMAT.md §8): N a
/// decimal above 0 (0 only with `<=`), PERIOD `day`, `week` or `month`.
/// A near miss (`3/wk`, `3 per week`, `>=3/week`, `≤14/week`, `3`) gets the
/// rule it probably meant.
enum CadenceRule {
    struct Parsed: Equatable {
        var amount: ExactDecimal
        var atMost: Bool
        var period: Cadence.Period
    }

    static func parse(_ text: String) -> Parsed? {
        var rest = Substring(text)
        let atMost = rest.hasPrefix("<=")
        if atMost { rest = rest.dropFirst(2) }
        guard let slash = rest.firstIndex(of: "/"),
            let period = Cadence.Period(rawValue: String(rest[rest.index(after: slash)...])),
            rest[..<slash].first.map({ $0.isASCII && $0.isNumber }) == true,
            case .success(let amount) = ExactDecimal.parse(String(rest[..<slash]))
        else { return nil }
        guard amount.isPositive || (atMost && amount.isZero) else { return nil }
        return Parsed(amount: amount, atMost: atMost, period: period)
    }

    /// Why a rule of the right shape has an amount htl cannot hold exactly
    /// (`1000000000000000/week`, `1.1234567/day`); nil otherwise.
    static func amountProblem(_ text: String) -> String? {
        var rest = Substring(text)
        if rest.hasPrefix("<=") { rest = rest.dropFirst(2) }
        guard let slash = rest.firstIndex(of: "/"),
            Cadence.Period(rawValue: String(rest[rest.index(after: slash)...])) != nil
        else {
            return nil
        }
        switch ExactDecimal.parse(String(rest[..<slash])) {
        case .failure(.tooLarge): return "its amount is too large"
        case .failure(.tooManyFractionDigits): return "its amount has more than 6 decimal places"
        default: return nil
        }
    }

    /// The rule a near miss probably meant, in canonical form; nil when
    /// nothing close parses.
    static func suggestion(for text: String) -> String? {
        var t = text.lowercased().replacingAll("≤", "<=").replacingAll(" per ", "/").replacingAll(" a ", "/")
        t = String(t.filter { $0 != " " })
        if t.hasPrefix(">=") { t.removeFirst(2) }
        if t.hasPrefix("<"), !t.hasPrefix("<=") { t = "<=" + t.dropFirst() }
        if let x = t.firstIndex(of: "x"), t[t.index(after: x)...].hasPrefix("/") { t.remove(at: x) }  // 3x/week
        guard let slash = t.firstIndex(of: "/") else {
            return parse(t + "/week").map(canonical)  // "3": a number alone
        }
        let word = String(t[t.index(after: slash)...])
        guard let period = periodWords[word] else { return nil }
        return parse(String(t[..<slash]) + "/" + period.rawValue).map(canonical)
    }

    static func canonical(_ p: Parsed) -> String {
        (p.atMost ? "<=" : "") + p.amount.description + "/" + p.period.rawValue
    }

    static let periodWords: [String: Cadence.Period] = [
        "d": .day, "day": .day, "days": .day, "daily": .day,
        "w": .week, "wk": .week, "wks": .week, "week": .week, "weeks": .week, "weekly": .week,
        "m": .month, "mo": .month, "mon": .month, "month": .month, "months": .month, "monthly": .month,
    ]
}
