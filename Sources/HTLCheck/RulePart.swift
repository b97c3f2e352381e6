/// One part of a model rule's work. A rule that reads every action and
/// then sweeps them per tag is the longest job of a check; checked whole,
/// it kept one core busy long after the other had finished the rest (at a
/// million actions, a tenth of `check`). Checked in parts, each part a job
/// of its own, every core shares it; each part takes a run of the log's
/// actions, and the parts' findings, joined in part order, are in log order.
struct RulePart: Sendable {
    let index: Int
    let count: Int

    /// The whole ledger at once (a rule not checked in parts).
    static let whole = RulePart(index: 0, count: 1)

    /// This part's run of `0..<total` (runs of about equal length, in order;
    /// empty when there are fewer items than parts).
    func run(of total: Int) -> Range<Int> {
        let size = (total + count - 1) / count
        let start = min(total, index * size)
        return start..<min(total, start + size)
    }
}
