import HTLCore

/// A rhythm a goal keeps (FORMAT.md §5.3, §8): at least (or at most) an
/// amount of a measure per day, week or month: `actions: 3/week`,
/// `min: 150/week`, `coffee: "<=14/week"`.
public struct Cadence: Sendable, Equatable {
    public enum Period: String, Sendable, CaseIterable {
        case day, week, month
    }

    /// The measure as written (an id, an alias, or `actions`).
    package var measure: String
    package var amount: ExactDecimal
    /// `<=N/PERIOD`: at most, not at least.
    package var atMost: Bool
    package var period: Period
    /// Where the measure is written (its key).
    public var location: SourceLocation

    package init(measure: String, amount: ExactDecimal, atMost: Bool, period: Period, location: SourceLocation) {
        self.measure = measure
        self.amount = amount
        self.atMost = atMost
        self.period = period
        self.location = location
    }

    /// The rule as written canonically: `3/week`, `<=14/week`.
    package var rule: String {
        (atMost ? "<=" : "") + amount.description + "/" + period.rawValue
    }
}

extension Goal {
    /// The pseudo-measure counting a goal's counted actions (each counts 1,
    /// whatever its quantities): `actions: 3/week` needs no `1session` on
    /// every line. Reserved: no measure may be named so.
    public static let actionsMeasure = "actions"
}

extension Goal {
    /// Whether a target or cadence counts the goal's actions themselves.
    package var countsActions: Bool {
        targets.contains { $0.measure == Goal.actionsMeasure }
            || cadences.contains { $0.measure == Goal.actionsMeasure }
    }

    /// The measures (as written) its targets and cadences sum, `actions` left out.
    package var measuresCounted: [String] {
        // One list, written once (two lists joined, then filtered, were three).
        var measures: [String] = []
        measures.reserveCapacity(targets.count + cadences.count)
        for target in targets where target.measure != Goal.actionsMeasure { measures.append(target.measure) }
        for cadence in cadences where cadence.measure != Goal.actionsMeasure { measures.append(cadence.measure) }
        return measures
    }
}
