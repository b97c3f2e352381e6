import HTLProgress

/// Colour choices of the terminal reports: progress bands (FORMAT.md §9),
/// red for overdue, states by their hue.
enum ReportColors {
    static func color(for hue: Hue) -> TerminalStyle.Color {
        switch hue {
        case .red: return .red
        case .orange: return .orange
        case .yellow: return .yellow
        case .green: return .green
        case .blue: return .blue
        case .purple: return .magenta
        case .gray: return .gray
        }
    }

    static func color(for g: GoalProgress) -> TerminalStyle.Color {
        color(for: g.hue)
    }

    static func stateColor(_ state: GoalState) -> TerminalStyle.Color {
        color(for: state.hue)
    }
}
