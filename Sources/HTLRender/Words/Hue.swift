import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// Colour families of the reports; each renderer maps them to its own colours.
package enum Hue: String, Sendable, CaseIterable {
    case red, orange, yellow, green, blue, purple, gray
}

extension GoalState {
    /// The colour family the state is shown in, in the terminal and in HTML:
    /// the one colour of everything about a goal (its word, bar, percent and
    /// gauges), so a goal never tells two stories.
    package var hue: Hue {
        switch self {
        case .overdue: return .red
        case .behind: return .orange
        case .notStarted: return .gray
        case .onTrack, .nearComplete: return .green
        case .completed: return .blue
        case .dropped: return .purple
        }
    }
}

extension ProgressBand {
    /// Bands colour aggregates with no state of their own (a term's mean, a
    /// value's weighted progress).
    package var hue: Hue {
        switch self {
        case .red: return .red
        case .orange: return .orange
        case .yellow: return .yellow
        case .green: return .green
        case .blue: return .blue
        }
    }
}

extension GoalProgress {
    /// The colour of the goal's gauges, bar and percent: its state's.
    package var hue: Hue {
        state.hue
    }
}
