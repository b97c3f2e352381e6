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

        init(_ counted: [Int], index: ActionIndex, catalog: MeasureCatalog) {
            sums = [ExactDecimal](repeating: .zero, count: catalog.measures.count)
            logged = [Bool](repeating: false, count: catalog.measures.count)
            // The facts are gathered first, in a loop that does nothing else:
            // they are spread over the whole log, and only there do the reads
            // overlap (a read at a time cost a cache miss each, ~5 % of
            // `status` at 100,000 actions).
            let gathered = counted.map { index.facts[$0] }
            for f in gathered {
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
