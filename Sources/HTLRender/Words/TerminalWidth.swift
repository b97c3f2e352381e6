import HTLCore
import HTLModel
import HTLProgress

/// The width text reports are laid out for (CLI.md "Conventions"): clamped
/// to 20-1000 columns, so a huge value cannot build gigabyte lines and a
/// tiny one cannot break the layout.
public enum TerminalWidth {
    package static let range = 20...1000

    public static func clamp(_ columns: Int) -> Int {
        min(max(columns, range.lowerBound), range.upperBound)
    }

    /// `COLUMNS` as a width: decimal digits only, at least 1, then clamped
    /// (a number too long to be a width is the widest); anything else
    /// (empty, negative, words) is ignored.
    public static func parse(_ text: String?) -> Int? {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = text.drop { $0 == "0" }
        if digits.isEmpty { return nil }
        if digits.count > 9 { return range.upperBound }
        return clamp(Int(digits)!)
    }
}
