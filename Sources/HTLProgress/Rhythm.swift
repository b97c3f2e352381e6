import HTLCore
import HTLModel

/// How a goal keeps its cadences (FORMAT.md §8, revision 3), reported
/// beside its progress and never averaged into it: `kept` while every
/// cadence's latest decided period was met (or none is decided yet),
/// `slipping` once one was missed, naming the cadence and the period.
public struct Rhythm: Sendable {
    public enum Status: String, Sendable {
        case kept
        case slipping
    }

    /// A cadence whose latest decided period was missed.
    public struct Miss: Sendable {
        public var measure: String
        public var cadence: Cadence
        public var period: CadenceProgress.Period
    }

    public var status: Status
    /// In the order of the goal's cadences.
    public var missed: [Miss]

    /// nil for a goal without cadences.
    init?(_ cadences: [CadenceProgress]) {
        guard !cadences.isEmpty else { return nil }
        missed = cadences.compactMap { c in
            guard let period = c.latestDecided, period.status == .missed else { return nil }
            return Miss(measure: c.measure, cadence: c.cadence, period: period)
        }
        status = missed.isEmpty ? .kept : .slipping
    }
}
