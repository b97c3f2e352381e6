import Glibc  // pow, from libm: arithmetic only, no pointers
import HTLCore

/// A cadence's strength (FORMAT.md §8): an exponential moving average of
/// its decided periods, after Loop Habit Tracker's habit score, so that
/// one missed week lowers it a little and ten lower it a lot. Each decided
/// period moves the score toward how well it was kept:
///
///     score ← score × k + checked × (1 − k),   k = 0.5 ^ (D × √(1/P) / 13)
///
/// P is the days of the calendar period (7 for a week, 28 to 31 for a
/// month, 1 for a day): one decision per period. D is the period's days
/// in the window outside every break, so a break freezes the score and a
/// period cut by the window's start or a break moves it less. `checked` is
/// 1 for a kept period; for a missed one, the share of the required amount
/// reached (at most 1), and 0 for an at-most period over its limit. The
/// open current period and periods to come do not move it; it starts at 0.
struct HabitStrength {
    private(set) var score = 0.0
    private(set) var decided = false

    /// The period `slot` decided with `status`, its `amount` and what it required.
    mutating func add(
        _ status: CadenceProgress.Status, countedDays: Int, daysInPeriod: Int, amount: ExactDecimal,
        required: ExactDecimal, atMost: Bool
    ) {
        guard status == .met || status == .missed, countedDays > 0, daysInPeriod > 0 else { return }
        let k = pow(0.5, Double(countedDays) * (1 / Double(daysInPeriod)).squareRoot() / 13)
        score = score * k + HabitStrength.checked(status, amount: amount, required: required, atMost: atMost) * (1 - k)
        decided = true
    }

    static func checked(_ status: CadenceProgress.Status, amount: ExactDecimal, required: ExactDecimal, atMost: Bool)
        -> Double
    {
        if status == .met { return 1 }
        guard !atMost, required.millionths > 0 else { return 0 }
        return min(max(Double(amount.millionths) / Double(required.millionths), 0), 1)
    }

    /// The score in [0, 1] to 4 decimals; nil before any period was decided.
    var value: ExactDecimal? {
        guard decided else { return nil }
        return ExactDecimal(millionths: Int128((score * 10_000).rounded()) * 100)
    }
}
