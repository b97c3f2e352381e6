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
        // Bytes, not Characters: called for every file, several times.
        return kind(ofBytes: path.utf8.span)
    }

    /// `kind(of:)` on a path's UTF-8: no component empty or hidden, at least
    /// a folder and a name, the folder one of htl's, the name's extension its.
    /// The folder and the extension are compared as numbers
    /// (`ByteWords.packed`): as
    /// byte ranges, each compare was a call, and ten thousand files were
    /// each asked about several times.
    private static func kind(ofBytes path: Span<UInt8>) -> FileKind? {
        let slash = UInt8(ascii: "/")
        var start = 0
        var firstEnd = -1
        for i in 0...path.count where i == path.count || path[i] == slash {
            if i == start || path[start] == UInt8(ascii: ".") { return nil }
            if firstEnd < 0 { firstEnd = i }
            start = i + 1
        }
        guard firstEnd < path.count, firstEnd <= 8 else { return nil }
        let words = FolderWords.shared
        let folder = packed(path, 0..<firstEnd)
        // The name is at least one byte and its extension (".md", ".log"): the last component is not empty.
        let isMarkdown = path.count - firstEnd > 4 && packed(path, (path.count - 3)..<path.count) == words.markdown
        if folder == words.values { return isMarkdown ? .value : nil }
        if folder == words.terms { return isMarkdown ? .term : nil }
        if folder == words.goals { return isMarkdown ? .goal : nil }
        if folder == words.log {
            return path.count - firstEnd > 5 && packed(path, (path.count - 4)..<path.count) == words.logExtension
                ? .log : nil
        }
        if folder == words.reviews { return isMarkdown ? .review : nil }
        return nil
    }

    private static func packed(_ path: Span<UInt8>, _ range: Range<Int>) -> UInt64 {
        var word: UInt64 = 0
        for i in range.reversed() { word = word << 8 | UInt64(path[i]) }
        return word
    }

    /// htl's folder names and file extensions as `packed` numbers (each is at most eight bytes).
    private struct FolderWords {
        let values, terms, goals, log, reviews, markdown, logExtension: UInt64

        static let shared = FolderWords()

        private init() {
            func word(_ text: String) -> UInt64 {
                precondition(text.utf8.count <= 8)
                return ByteWords.packed(text.utf8)
            }
            values = word(valuesFolder)
            terms = word(termsFolder)
            goals = word(goalsFolder)
            log = word(logFolder)
            reviews = word(reviewsFolder)
            markdown = word(".md")
            logExtension = word(".log")
        }
    }

    /// The id of an entity file: its name without `.md`.
    package static func entityID(of path: String) -> String {
        // On the path's bytes: every file's id is asked for, once per parse
        // (through the UTF-8 view's indices it cost thousands of instructions).
        let bytes = path.utf8.span
        do {
            var start = bytes.count
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var end = bytes.count
            if end - start >= 3, bytes[end - 3] == UInt8(ascii: "."), bytes[end - 2] == UInt8(ascii: "m"),
                bytes[end - 1] == UInt8(ascii: "d")
            {
                end -= 3
            }
            return RawBytes.string(bytes.extracting(start..<end))
        }
    }

    /// Whether a ledger path is selected by any of `selectors` (a file, or a
    /// folder and everything below it); no selectors select everything.
    package static func isSelected(_ path: String, by selectors: [String]) -> Bool {
        selectors.isEmpty || selectors.contains { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }
    }
}
