import HTLCore
import HTLModel

/// The one count of actions (FORMAT.md §7, revision 3): lines dated on or
/// before today that are not corrections. Every view that shows a number
/// of actions shows this one, with the corrections and the lines to come
/// named beside it when it lists them too, so the terminal, JSON, the HTML
/// report, `diff` and `review` agree.
public struct ActionCount: Sendable, Equatable {
    public var actions: Int
    /// Corrections dated on or before today.
    public var corrections: Int
    /// Lines dated after today (any kind): listed, not counted yet.
    public var toCome: Int

    public init(actions: Int, corrections: Int, toCome: Int) {
        self.actions = actions
        self.corrections = corrections
        self.toCome = toCome
    }

    /// The count of the log's lines at `indices` as of `today`.
    public init<S: Sequence<Int>>(_ indices: S, of log: [Action], today: CivilDate) {
        var count = ActionCount(actions: 0, corrections: 0, toCome: 0)
        for i in indices {
            if log[i].date > today {
                count.toCome += 1
            } else if log[i].isCorrection {
                count.corrections += 1
            } else {
                count.actions += 1
            }
        }
        self = count
    }

    /// Lines listed with it: the actions, the corrections and the lines to come.
    public var lines: Int { actions + corrections + toCome }
}

extension GoalProgress {
    /// The goal's actions as of today, with its corrections and lines to come.
    public var counts: ActionCount {
        ActionCount(actions: actionCount, corrections: correctionCount, toCome: upcomingCount)
    }
}
