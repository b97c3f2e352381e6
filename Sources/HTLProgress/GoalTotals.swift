import HTLCore
import HTLModel

extension ProgressEngine {
    /// What a goal's counted actions add up to, read in one pass over their
    /// facts: the sum of each measure as logged, and how many of them are
    /// not corrections (what `actions` counts, FORMAT.md §5.3). Every target
    /// is then a few conversions of these sums, not a pass of its own.
    struct Totals {
        /// By the measure's position in the catalog.
        private(set) var sums: [ExactDecimal]
        /// Whether any counted action logged the measure.
        private(set) var logged: [Bool]
        private(set) var occurrences = 0

        /// `counted`: the goal's actions as of today; `sources`: where they
        /// come from, cut at today (`ActionIndex.through`).
        init(_ counted: ActionPositions, from sources: ActionIndex.Sources, index: ActionIndex, catalog: MeasureCatalog) {
            sums = [ExactDecimal](repeating: .zero, count: catalog.measures.count)
            logged = [Bool](repeating: false, count: catalog.measures.count)
            index.forEachCounted(counted, from: sources) { f in
                if !index.isCorrection(f) { occurrences += 1 }
                index.forEachQuantity(of: f) { measure, amount in
                    sums[measure] += amount
                    logged[measure] = true
                }
            }
        }

        /// The total in `measure`: each logged measure that converts to it,
        /// summed as logged and then converted (conversion rounds once per measure).
        func amount(toward measure: Int, catalog: MeasureCatalog) -> ExactDecimal {
            var total = ExactDecimal.zero
            for m in sums.indices where logged[m] && catalog.canConvert(from: m, to: measure) {
                total += catalog.convert(sums[m], from: m, to: measure) ?? .zero
            }
            return total
        }
    }
}
