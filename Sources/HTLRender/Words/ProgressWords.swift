import HTLCore
import HTLModel
import HTLProgress

/// What a goal's percentage measures, in words, shared by every report
/// (FORMAT.md §8, revision 3: every percentage says what it measures). A
/// percentage beside a figure is that figure's ratio; a progress over
/// several targets says it is their mean.
enum ProgressWords {
    /// The percentage shown for a goal: its only total target's ratio, not
    /// capped (120 % is shown as 120 %); else its progress.
    static func percent(_ g: GoalProgress) -> ExactDecimal? {
        g.targets.count == 1 ? g.targets[0].ratio : g.progress
    }

    /// The figure the percentage is the ratio of: `45 / 100 km`, `mean of 2
    /// targets`, `6 of 8 weeks kept`, `mean of 2 rhythms`, `checklist 3 / 5`;
    /// nil for a goal without progress.
    static func figure(_ g: GoalProgress, _ measures: MeasureCatalog) -> String? {
        switch (g.targets.count, g.cadences.count) {
        case (1, _): return TextLayout.amounts(g.targets[0], measures)
        case (2..., _): return "mean of \(g.targets.count) targets"
        case (0, 1): return kept(g.cadences[0])
        case (0, 2...): return "mean of \(g.cadences.count) rhythms"
        default: return g.checklistTotal > 0 ? "checklist \(g.checklistDone) / \(g.checklistTotal)" : nil
        }
    }

    /// A cadence's ratio as a figure: "6 of 8 weeks kept".
    static func kept(_ c: CadenceProgress) -> String {
        "\(c.met) of \(CadenceWords.periods(c.periods, c.cadence.period)) kept"
    }

    /// One of several total targets with its own ratio: "45 / 100 km (45%)".
    static func target(_ t: GoalProgress.TargetProgress, _ measures: MeasureCatalog) -> String {
        TextLayout.amounts(t, measures) + " (" + TextLayout.percent(t.ratio) + ")"
    }
}
