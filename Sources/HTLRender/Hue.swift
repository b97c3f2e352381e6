import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// Colour families of the reports; each renderer maps them to its own colours.
package enum Hue: String, Sendable, CaseIterable {
    case red, orange, yellow, green, blue, purple, gray
}

extension GoalState {
    /// The colour family the state is shown in, in the terminal and in HTML.
    package var hue: Hue {
        switch self {
        case .overdue: return .red
        case .behind: return .orange
        case .notStarted, .dropped: return .gray
        case .onTrack, .nearComplete: return .green
        case .completed: return .blue
        }
    }
}

extension ProgressBand {
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
    /// The colour of the goal's gauges: its progress band (FORMAT.md §9),
    /// except red when overdue, blue when completed, gray when dropped.
    package var hue: Hue {
        hue(forRatio: progress ?? .zero)
    }

    /// The colour of one target's gauge: the target's band, with the same exceptions.
    package func hue(forRatio ratio: ExactDecimal) -> Hue {
        switch state {
        case .overdue: return .red
        case .completed: return .blue
        case .dropped: return .gray
        default: return ProgressBand(ratio).hue
        }
    }
}
