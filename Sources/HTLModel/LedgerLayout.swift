import HTLCore

/// Where each kind of file lives in a ledger (FORMAT.md §1).
public enum LedgerLayout {
    package static let settingsFile = "htl.yaml"
    package static let measuresFile = "measures.yaml"
    package static let valuesFolder = "values"
    package static let termsFolder = "terms"
    package static let goalsFolder = "goals"
    package static let logFolder = "log"
    /// Written reviews (`htl review --write`): read only to check they are UTF-8.
    package static let reviewsFolder = "reviews"

    /// The folders, in the order htl reads them.
    public static let folders = [valuesFolder, termsFolder, goalsFolder, logFolder, reviewsFolder]

    /// What a ledger folder holds, for messages.
    package static func describeFolder(_ name: String) -> String {
        switch name {
        case logFolder: return "the action log (log/2026.log)"
        case reviewsFolder: return "written reviews (reviews/2026-W47.md)"
        default: return "one file per entry (\(name)/<id>.md)"
        }
    }

    public enum FileKind: Sendable, Equatable {
        case settings, measures, value, term, goal, log, review

        /// A value, term or goal: Markdown with front matter.
        package var isEntity: Bool { self == .value || self == .term || self == .goal }
    }

    /// The kind of a file from its path relative to the root, or nil when htl
    /// ignores it (README.md, images, dotfiles, anything outside the folders).
    public static func kind(of path: String) -> FileKind? {
        if path == settingsFile { return .settings }
        if path == measuresFile { return .measures }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= 2, !components.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else {
            return nil
        }
        let name = components[components.count - 1]
        switch components[0] {
        case Substring(valuesFolder): return name.hasSuffix(".md") ? .value : nil
        case Substring(termsFolder): return name.hasSuffix(".md") ? .term : nil
        case Substring(goalsFolder): return name.hasSuffix(".md") ? .goal : nil
        case Substring(logFolder): return name.hasSuffix(".log") ? .log : nil
        case Substring(reviewsFolder): return name.hasSuffix(".md") ? .review : nil
        default: return nil
        }
    }

    /// The id of an entity file: its name without `.md`.
    package static func entityID(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// Whether a ledger path is selected by any of `selectors` (a file, or a
    /// folder and everything below it); no selectors select everything.
    package static func isSelected(_ path: String, by selectors: [String]) -> Bool {
        selectors.isEmpty || selectors.contains { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }
    }
}
