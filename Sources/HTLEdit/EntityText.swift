import HTLCore
import HTLFormat

/// A value, term or goal file as an import writes it: front matter in the
/// schema's order, then the body's sections, then the provenance mark.
package struct EntityText {
    package init() {}

    private var yaml = ""
    private var sections: [String] = []

    /// A text field; nothing for blank text.
    package mutating func text(_ key: String, _ value: String) {
        let clean = EntityText.paragraph(value).trimmingSpaces
        guard !clean.isEmpty else { return }
        yaml += "\(key): \(YAMLScalarWriter.text(clean))\n"
    }

    /// A number, date or word written as is; nothing for nil.
    package mutating func plain(_ key: String, _ value: CustomStringConvertible?) {
        guard let value else { return }
        yaml += "\(key): \(value)\n"
    }

    /// A mapping of plain keys to plain values; nothing when empty.
    package mutating func mapping(_ key: String, _ pairs: [(String, String)]) {
        guard !pairs.isEmpty else { return }
        yaml += "\(key):\n" + pairs.map { "  \($0.0): \($0.1)\n" }.joined()
    }

    /// A body section: `heading` nil for the text before any heading.
    package mutating func section(_ heading: String?, _ text: String) {
        let clean = EntityText.unmarked(EntityText.paragraph(text).trimmingSpaces)
        guard !clean.isEmpty else { return }
        sections.append((heading.map { "## \($0)\n" } ?? "") + clean)
    }

    /// What opens a provenance mark (`<!-- imported: tenweek goal ID -->`,
    /// read by the imports in HTLExchange).
    static let markOpening = "<!-- imported:"

    /// Text from outside (an export, an MCP client) in which no line reads
    /// as a provenance mark: such a line starts `&lt;!--` instead (shown as
    /// `<!--` where the Markdown is rendered), so a description cannot make
    /// its file claim another record's origin.
    static func unmarked(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let start = line.drop { $0 == " " || $0 == "\t" }
            guard start.hasPrefix(markOpening) else { return line }
            return line[..<start.startIndex] + "&lt;" + start.dropFirst()
        }.joined(separator: "\n")
    }

    /// The file's text; `mark` (an import's provenance) ends the body.
    package func render(mark: String? = nil) -> String {
        let body = sections + (mark.map { [$0] } ?? [])
        return "---\n" + yaml + "---\n" + (body.isEmpty ? "" : body.joined(separator: "\n\n") + "\n")
    }

    /// Text with LF line endings, no trailing blanks, no control characters
    /// but tabs and line breaks (C1 controls too, which some terminals obey
    /// when the text is shown), read as bytes: one pass, no Characters.
    package static func paragraph(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var previous: UInt8 = 0
        func endLine() {
            while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
            out.append(0x0A)
        }
        for b in text.utf8 {
            defer { previous = b }
            switch b {
            case 0x0D: endLine()
            case 0x0A: if previous != 0x0D { endLine() }
            case 0x09: out.append(b)
            case 0..<0x20, 0x7F: continue
            case 0x80...0x9F where previous == 0xC2: out.removeLast()  // U+0080-U+009F: drop its lead byte too
            default: out.append(b)
            }
        }
        while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}
