import HTLCore
import HTLEdit

/// An action's description as log text: plain words when each would read
/// back as a word, else one quoted text (FORMAT.md §6), so that a title like
/// `Ran 5 km` or `#1 priority` never turns into a quantity or a tag.
enum ActionLineText {
    static func description(_ text: String) -> String {
        let words = EntityText.paragraph(text).split { $0 == " " || $0 == "\t" || $0 == "\n" }.map(String.init)
        guard !words.isEmpty else { return "" }
        if words.allSatisfy(isPlainWord) { return words.joined(separator: " ") }
        let escaped = words.joined(separator: " ").replacingAll("\\", "\\\\").replacingAll("\"", "\\\"")
        return "\"" + escaped + "\""
    }

    /// A word the log parser reads as a word: it does not start like a
    /// quantity, link, tag or quoted text, and holds no quote or backslash.
    static func isPlainWord(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        if "+#\"-.".unicodeScalars.contains(first) || ("0"..."9").contains(first) { return false }
        return !word.contains("\"") && !word.contains("\\")
    }

    /// `5.8km`: an exact amount and a measure id.
    static func quantity(_ amount: ExactDecimal, _ measure: String) -> String {
        amount.description + measure
    }
}
