import HTLProgress

/// A goal's pace in words (FORMAT.md §9), shared by every report: never a
/// contradiction of its state, so a goal on track below the ideal line is
/// "within the margin", not "behind".
enum PaceWords {
    static func describe(_ g: GoalProgress) -> String? {
        guard let days = g.paceDays else { return nil }
        if days == 0 { return "on pace" }
        if days > 0 { return TextLayout.plural(days, "day") + " ahead of pace" }
        if g.state == .behind || g.state == .overdue { return TextLayout.plural(-days, "day") + " behind pace" }
        return TextLayout.plural(-days, "day") + " under the ideal line, within the margin"
    }
}
