import HTLCore

/// A personal value, `values/<id>.md`.
public struct Value: Sendable, Equatable {
    public enum Level: String, Sendable, CaseIterable {
        case highestOrder = "highest_order"
        case major
        case general
        case lifeArea = "life_area"

        /// Priority when the file gives none (1 = most important).
        package var defaultPriority: Int {
            switch self {
            case .highestOrder: return 1
            case .major: return 10
            case .general, .lifeArea: return 40
            }
        }
    }

    public var id: String
    public var path: String
    public var title: String
    package var level: Level
    /// The priority written in the file, else its level's default: what
    /// values are ordered by.
    package var priority: Int
    /// Whether the file writes `priority` (false: the level's default,
    /// which views do not show as the person's own; FORMAT.md §5).
    package var prioritySet: Bool
    package var domain: String?
    package var guidance: String?

    public var location: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }

    package init(
        id: String, path: String, title: String, level: Level, priority: Int, prioritySet: Bool = true,
        domain: String? = nil, guidance: String? = nil
    ) {
        self.prioritySet = prioritySet
        self.id = id
        self.path = path
        self.title = title
        self.level = level
        self.priority = priority
        self.domain = domain
        self.guidance = guidance
    }
}
