import HTLCore
import HTLParse

/// A Markdown body cut at its `## Action plan`, `## Notes` and
/// `## Reflection` headings (any level, any case), without an import's
/// provenance mark: what the app's columns hold.
struct BodySections {
    private(set) var sections: [String: String] = [:]

    init(file bytes: [UInt8]) {
        guard case .success(let front) = FrontMatter.split(bytes) else { return }
        var current = ""
        var lines: [String: [String]] = [:]
        for line in TextLines.split(Array(bytes[front.body])) {
            let text = String(decoding: line, as: UTF8.self)
            if let heading = BodySections.heading(text) {
                current = heading
                continue
            }
            if text.hasPrefix("<!-- imported: ") { continue }
            lines[current, default: []].append(text)
        }
        for (name, body) in lines {
            sections[name] = body.joined(separator: "\n").trimmingSpaces
        }
    }

    /// The text before the first known heading; "" for none.
    var lead: String { sections[""] ?? "" }

    subscript(name: String) -> String { sections[name] ?? "" }

    static let headings = ["action plan", "notes", "reflection"]

    static func heading(_ line: String) -> String? {
        guard line.hasPrefix("#") else { return nil }
        let title = String(line.drop { $0 == "#" }).trimmingSpaces.lowercased()
        return headings.contains(title) ? title : nil
    }
}
