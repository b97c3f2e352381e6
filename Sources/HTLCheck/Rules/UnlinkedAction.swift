import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action with quantities that counts toward no goal (no `+goal`, no
    /// tag a goal counts in its window), when a goal active on its day
    /// counts those quantities and shares a word with it: probably its link
    /// was forgotten (the Ten Week Goal app's matching). The goal sharing
    /// the most words is named; on a tie nothing is said. Never applied:
    /// `htl lsp` offers the link as a quick fix.
    static let unlinkedAction = RuleDescriptor(
        .unlinkedAction, .warning,
        summary: "an action counts toward no goal, though a goal of its words counts its quantities on its day",
        failing: RuleExample(
            [
                ("goals/swim-20km.md", swim20km),
                (
                    "log/2026.log",
                    """
                    2026-11-20 Run 5km +run-100km
                    2026-11-21 Swam ①1.2km
                    2026-11-22 Lake swim ②0.8km #open-water
                    """
                ),
            ],
            finds: [
                "①": "counts toward nothing; +swim-20km counts km in this window",
                "②": "counts toward nothing; +swim-20km counts km in this window",
            ]),
        passing: RuleExample([
            ("goals/swim-20km.md", swim20km),
            (
                "log/2026.log",
                """
                2026-10-20 Swam 1km
                2026-11-20 Run 5km +run-100km
                2026-11-21 Easy jog 3km
                2026-11-21 Swim 1km +swim-20km
                2026-11-22 Swim 1km #running
                2026-11-22 Stretching 20min
                """
            ),
        ]),
        weight: 1, parts: 1, reads: [.goalUses], check: { context, _ in unlinkedActions(context) })

    /// A second goal of the examples that counts km.
    private static let swim20km = RuleExample.goal([
        "title": "title: Swim 20 km", "targets": "targets:\n  km: 20", "tags": "",
    ])

    private static func unlinkedActions(_ context: RuleContext) -> [Finding] {
        var matching = ActionMatching(context)
        guard !matching.byRoot.isEmpty else { return [] }
        var found: [Finding] = []
        for i in context.actionFacts.indices
        where !context.actionFacts[i].hasLinks && context.actionFacts[i].firstMeasure >= 0 {
            guard let (goal, quantity) = matching.suggestion(for: i) else { continue }
            let a = context.ledger.actions[i]
            let g = context.ledger.goals[goal]
            let measure = matching.measureCounted(by: goal, for: a.quantities[quantity].measureIndex)
            found.append(
                Finding(
                    .unlinkedAction, SourceLocation(path: a.path, line: a.line, column: a.quantities[quantity].column),
                    "counts toward nothing; +\(g.id) counts \(measure) in this window",
                    help: "if it was for that goal, add +\(g.id) to the line"))
        }
        return found
    }
}

/// Which goal an action without a link probably counts toward: of the
/// goals active on its day that count a measure of its quantities, the one
/// whose title and id share the most words with the action, when it shares
/// at least one (words of three letters or more but `the`, `and` and their
/// like and the names of measures; the same when equal or, of four letters
/// or more, when one starts the other or one letter apart: `swam` and
/// `swim`, `runs` and `running`).
struct ActionMatching {
    let context: RuleContext
    /// Active goals with an ordered window, by conversion group (root) of a measure they count.
    private(set) var byRoot: [Int: [Int]] = [:]
    /// Each goal's window, its terms' days filling a missing start or target.
    private var windows: [Goal.Window] = []
    /// Each candidate goal's words (title and id), measure names left out:
    /// a unit is no evidence. Made once.
    private var goalWords: [Int: [String]] = [:]
    /// Which goals each word of a description matches, found once per word
    /// (a diary repeats its words; comparing every line with every goal
    /// again was minutes on a long log).
    private var matches: [String: [Int]] = [:]

    init(_ context: RuleContext) {
        self.context = context
        let goals = context.ledger.goals
        for (g, goal) in goals.enumerated() {
            var window = context.goalWindows[g]
            let terms = goal.terms.compactMap { context.termsByNumber[$0.number] }
            if window.start == nil { window.start = terms.map(\.start).min() }
            if window.target == nil { window.target = terms.map(\.end).max() }
            windows.append(window)
            guard goal.status == .active, window.isOrdered, !context.goalUses.roots[g].isEmpty else { continue }
            for root in context.goalUses.roots[g] { byRoot[root, default: []].append(g) }
        }
        let units = Set(context.ledger.measures.measures.flatMap { [$0.id] + $0.aliases }.map { $0.lowercased() })
        for g in Set(byRoot.values.joined()) {
            goalWords[g] = ActionMatching.words(goals[g].title + " " + goals[g].id).filter { !units.contains($0) }
        }
    }

    /// The goals among `candidates` that `word` matches (memoized over every candidate goal).
    private mutating func goals(matching word: String) -> [Int] {
        if let known = matches[word] { return known }
        let found = goalWords.keys.sorted().filter { g in goalWords[g]!.contains { ActionMatching.same(word, $0) } }
        matches[word] = found
        return found
    }

    /// The goal and the position of the quantity it counts, or nil: the
    /// action counts toward a goal by a tag, is a correction, no goal counts
    /// its quantities on its day, or the words leave a tie.
    mutating func suggestion(for i: Int) -> (goal: Int, quantity: Int)? {
        let a = context.ledger.actions[i]
        guard !a.isCorrection else { return nil }
        for tag in a.tags {
            if (context.goalUses.byTag[tag] ?? []).contains(where: { windows[$0].contains(a.date) }) { return nil }
        }
        var candidates: [(goal: Int, quantity: Int)] = []
        for (q, quantity) in a.quantities.enumerated() {
            for g in byRoot[context.ledger.measures.root(of: quantity.measureIndex)] ?? []
            where windows[g].contains(a.date) && !candidates.contains(where: { $0.goal == g }) {
                candidates.append((g, q))
            }
        }
        guard !candidates.isEmpty else { return nil }
        var score: [Int: Int] = [:]
        for word in ActionMatching.words(a.description) {
            for g in goals(matching: word) { score[g, default: 0] += 1 }
        }
        let scored = candidates.map { ($0, score[$0.goal] ?? 0) }
        let best = scored.map(\.1).max() ?? 0
        let top = scored.filter { $0.1 == best }
        // A word in common, and one goal with the most: a unit alone is no evidence (minutes are everywhere).
        return best > 0 && top.count == 1 ? top[0].0 : nil
    }

    /// The measure id goal `g` counts in the group of `measure` (the first, as its file lists them).
    func measureCounted(by g: Int, for measure: Int) -> String {
        let catalog = context.ledger.measures
        let root = catalog.root(of: measure)
        let counted = context.goalUses.measures[g].first { catalog.root(of: $0) == root } ?? measure
        return catalog.measures[counted].id
    }

    /// Lowercased runs of three or more letters, without the words every title has.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init).filter {
            $0.count >= 3 && !ActionMatching.common.contains($0)
        }
    }

    static let common: Set<String> = [
        "the", "and", "for", "with", "from", "this", "that", "into", "over", "after", "before", "more", "less",
    ]

    /// Equal; or, both of four letters or more, one starting the other or one letter apart.
    static func same(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard a.count >= 4, b.count >= 4 else { return false }
        return a.hasPrefix(b) || b.hasPrefix(a)
            || Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) <= 1
    }
}
