import HTLCore
import HTLModel

/// What the actions of each tag add up to on each day, summed once: a goal
/// that counts a tag's actions inside its window reads the days of the
/// window here, not the actions. So forty goals sharing a tag cost forty
/// walks over its days (tens or hundreds), not forty over its actions
/// (tens of thousands), and the work is linear in the log whatever how many
/// goals count each action.
///
/// Entry `e` is one tag on one day: the tagged actions at positions
/// `first[e] ..< first[e + 1]` of `ActionIndex.tagged` (a tag's actions are
/// sorted by day, and the tags lie one after another, so the entries are in
/// position order), with the sum of each measure they log (corrections'
/// apart: totals take them, rhythms do not) and how many of them are not
/// corrections.
struct TaggedDays: Sendable {
    /// One measure's sum on one entry, of its corrections or of its other actions.
    struct Sum: Sendable {
        var measure: Int32
        var correction: Bool
        var amount: ExactDecimal
    }

    private(set) var first: [Int32] = []
    private var day: [Int32] = []
    private var sumStart: [Int32] = []
    private var sums: [Sum] = []
    /// How many of the entry's actions are not corrections.
    private var occurrences: [Int32] = []

    init() {}

    /// The table of the tagged actions `tagged` (in groups `groups`);
    /// `facts` are every action's, by position in the log; `quantities`
    /// gives an action's quantities from its facts; `isCorrection` tells a
    /// correction by its position in the log.
    init(
        tagged: [ActionIndex.Dated], groups: [Range<Int>], facts: [ActionIndex.Facts],
        quantities: (ActionIndex.Facts, (Int, ExactDecimal) -> Void) -> Void, isCorrection: (Int) -> Bool
    ) {
        var daySums: [Sum] = []
        for group in groups {
            var p = group.lowerBound
            while p < group.upperBound {
                let today = tagged[p].day
                first.append(Int32(p))
                day.append(today)
                sumStart.append(Int32(sums.count))
                daySums.removeAll(keepingCapacity: true)
                var counted: Int32 = 0
                while p < group.upperBound, tagged[p].day == today {
                    let correction = isCorrection(Int(tagged[p].index))
                    if !correction { counted += 1 }
                    quantities(facts[Int(tagged[p].index)]) { measure, amount in
                        if let k = daySums.firstIndex(where: {
                            $0.measure == Int32(measure) && $0.correction == correction
                        }) {
                            daySums[k].amount += amount
                        } else {
                            daySums.append(Sum(measure: Int32(measure), correction: correction, amount: amount))
                        }
                    }
                    p += 1
                }
                sums += daySums
                occurrences.append(counted)
            }
        }
        first.append(Int32(tagged.count))
        sumStart.append(Int32(sums.count))
    }

    /// Adds what the tagged actions at `positions` (a run that starts and
    /// ends at a day's boundary) add up to.
    func add(_ positions: Range<Int>, to totals: inout MeasureTotals) {
        guard !positions.isEmpty else { return }
        var e = entry(startingAt: positions.lowerBound)
        while e < day.count, Int(first[e]) < positions.upperBound {
            for k in Int(sumStart[e])..<Int(sumStart[e + 1]) {
                totals.add(sums[k].amount, of: Int(sums[k].measure), correction: sums[k].correction)
            }
            totals.occurrences += Int(occurrences[e])
            totals.count += Int(first[e + 1] - first[e])
            e += 1
        }
    }

    /// How many of the tagged actions at `positions` (a run that starts and
    /// ends at a day's boundary) are not corrections.
    func occurrences(in positions: Range<Int>) -> Int {
        guard !positions.isEmpty else { return 0 }
        var e = entry(startingAt: positions.lowerBound)
        var count = 0
        while e < day.count, Int(first[e]) < positions.upperBound {
            count += Int(occurrences[e])
            e += 1
        }
        return count
    }

    /// The entry whose first position is `position` (by binary search).
    private func entry(startingAt position: Int) -> Int {
        var low = 0
        var high = day.count
        while low < high {
            let mid = (low + high) / 2
            if Int(first[mid]) < position { low = mid + 1 } else { high = mid }
        }
        precondition(
            low < day.count && Int(first[low]) == position, "a tagged run that does not start at a day's boundary")
        return low
    }
}

/// What some counted actions add up to: each measure's sum as logged (then
/// converted once per measure when a target asks), the corrections' apart
/// (a total takes them, a rhythm's period does not: FORMAT.md §6), how
/// many of the actions are not corrections (what `actions` counts, §7),
/// and how many lines there are.
struct MeasureTotals: Sendable {
    /// By the measure's position in the catalog: every counted line's, and the corrections' alone.
    private(set) var sums: [ExactDecimal]
    private(set) var correctionSums: [ExactDecimal]
    /// Whether any counted line logged the measure (a correction's too).
    private(set) var logged: [Bool]
    var occurrences = 0
    var count = 0

    init(measures: Int) {
        sums = [ExactDecimal](repeating: .zero, count: measures)
        correctionSums = sums
        logged = [Bool](repeating: false, count: measures)
    }

    mutating func add(_ amount: ExactDecimal, of measure: Int, correction: Bool) {
        sums[measure] += amount
        if correction { correctionSums[measure] += amount }
        logged[measure] = true
    }

    /// The total in `measure`: each logged measure that converts to it,
    /// summed as logged and then converted (conversion rounds once per
    /// measure); without the corrections' amounts when `corrections` is false.
    func amount(toward measure: Int, catalog: MeasureCatalog, corrections: Bool = true) -> ExactDecimal {
        var total = ExactDecimal.zero
        for m in sums.indices where logged[m] && catalog.canConvert(from: m, to: measure) {
            let sum = corrections ? sums[m] : sums[m] - correctionSums[m]
            total += catalog.convert(sum, from: m, to: measure) ?? .zero
        }
        return total
    }
}
