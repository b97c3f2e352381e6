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
    package var priority: Int
    package var domain: String?
    package var guidance: String?

    public var location: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }

    package init(
        id: String, path: String, title: String, level: Level, priority: Int, domain: String? = nil,
        guidance: String? = nil
    ) {
        self.id = id
        self.path = path
        self.title = title
        self.level = level
        self.priority = priority
        self.domain = domain
        self.guidance = guidance
    }
}
