import Synchronization

/// "Did you mean ...?" for misspelt names.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, when it is close
    /// enough to be a plausible typo. Ties go to a candidate that goes on
    /// from what was typed (`k` is `km` cut short, not `h` mistyped), then
    /// one of the same length, then one with the same letters (`targest` is
    /// `targets` with two letters swapped, not `target` with one added),
    /// then the earliest.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lowered }) { return exact }
        let w = Array(lowered.unicodeScalars)
        guard !w.isEmpty, w.count <= 64 else { return nil }
        let limit = max(1, min(3, w.count / 3))
        let letters = w.sorted()
        var best: (name: String, rank: (Int, Int, Int, Int))?
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            guard abs(c.count - w.count) <= limit else { continue }
            let d = editDistance(w, c)
            guard d <= limit else { continue }
            let rank = (d, c.starts(with: w) ? 0 : 1, c.count == w.count ? 0 : 1, c.sorted() == letters ? 0 : 1)
            if best == nil || rank < best!.rank { best = (candidate, rank) }
        }
        return best?.name
    }

    /// " (did you mean 'x'?)" or "".
    package static func didYouMean(_ word: String, _ candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal string alignment distance (a swap of neighbours costs one).
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, previous2[j - 2] + 1)
                }
                current[j] = v
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

/// Remembers suggestions, so that a ledger with thousands of the same typo
/// does not recompute edit distances thousands of times; and stops
/// suggesting after `budget` distinct words, so that a hostile file full of
/// distinct unknown names cannot make the check quadratic.
package final class SuggestionCache: Sendable {
    static let budget = 256

    private struct State {
        var answers: [String: String] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    package func didYouMean(_ word: String, _ candidates: @autoclosure () -> [String]) -> String {
        let known: String?? = state.withLock { state in
            if let answer = state.answers[word] { return .some(answer) }
            return state.answers.count >= SuggestionCache.budget ? .some("") : .none
        }
        if let known { return known ?? "" }
        let answer = Suggestion.didYouMean(word, candidates())
        state.withLock { $0.answers[word] = answer }
        return answer
    }
}
