import HTLCore
import HTLModel

/// Where an imported entity or action came from, kept in the ledger itself
/// so that running an import again adds nothing (docs/IMPORT.md):
///
/// - a value, term or goal file ends with `<!-- imported: tenweek goal UUID -->`
///   (an HTML comment: invisible where the Markdown is shown);
/// - an imported action line follows `# imported: tenweek action UUID`
///   (a log comment);
/// - a line imported from a CSV file by rules follows `# imported: csv row
///   KEY`, the key made from the row's fields (`CSVRulesImport.rowKey`).
///
/// Each mark travels with what it marks, so an import stopped half way is
/// finished by running it again, and a renamed file keeps its origin.
package struct Provenance: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case value, term, goal, action
    }

    package struct Mark: Sendable, Equatable {
        package var kind: Kind
        package var uuid: String
        /// The ledger path of the marked file (or log file).
        package var path: String
        /// For an action: the line of the action after the mark.
        package var line: Int?
    }

    /// Every mark in the ledger, in path order.
    package private(set) var marks: [Mark] = []
    private var index: [String: Int] = [:]

    static let source = "tenweek"
    static let csvSource = "csv"

    package init(files: [SourceFile]) {
        for file in files {
            switch LedgerLayout.kind(of: file.path) {
            case .value?, .term?, .goal?: scanMarkdown(file)
            case .log?: scanLog(file)
            default: break
            }
        }
    }

    /// The mark of the entity or action the app knew as `uuid`.
    package func mark(_ kind: Kind, _ uuid: String) -> Mark? {
        index[key(kind, uuid)].map { marks[$0] }
    }

    /// The UUID a file was imported from.
    package func uuid(ofFile path: String) -> String? {
        fileIndex[path]
    }

    /// The UUID of the action on `path:line`, when it was imported.
    package func uuid(ofAction path: String, line: Int) -> String? {
        lineIndex.isEmpty ? nil : lineIndex[Line(path: path, line: line)]
    }

    /// Whether a CSV row with this key was imported (its mark is in a log).
    package func hasCSVRow(_ key: String) -> Bool {
        csvRows.contains(key)
    }

    /// Whether the action on `path:line` follows a mark of either kind.
    package func isMarked(path: String, line: Int) -> Bool {
        let at = Line(path: path, line: line)
        return lineIndex[at] != nil || csvRowLines.contains(at)
    }

    /// The comment lines (`#   text`) an import wrote between the mark and
    /// the action: the app's description and notes, which a log line cannot hold.
    package func notes(ofAction path: String, line: Int) -> [String] {
        notesIndex.isEmpty ? [] : notesIndex[Line(path: path, line: line)] ?? []
    }

    private var fileIndex: [String: String] = [:]
    private var lineIndex: [Line: String] = [:]
    private var notesIndex: [Line: [String]] = [:]
    private var csvRows: Set<String> = []
    private var csvRowLines: Set<Line> = []

    /// A line of a log file.
    private struct Line: Hashable {
        var path: String
        var line: Int
    }

    static let notePrefix = "#   "

    /// The longest id a mark holds.
    package static let maximumIDLength = 64

    /// Whether an id from another tool can stand in a mark: 1 to 64 ASCII
    /// letters, digits, `-` and `_` (the Ten Week Goal app's UUIDs are 36 of
    /// them). Nothing else is trusted: a space, a line break or `-->` would
    /// end the mark early or start another one, and a mark that reads back
    /// as another record's would make a later import skip that record.
    package static func isWellFormed(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= maximumIDLength else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }

    static func markdownMark(_ kind: Kind, _ uuid: String) -> String {
        "<!-- imported: \(source) \(kind.rawValue) \(uuid) -->"
    }

    static func logMark(_ uuid: String) -> String {
        "# imported: \(source) action \(uuid)"
    }

    static func csvRowMark(_ key: String) -> String {
        "# imported: \(csvSource) row \(key)"
    }

    private func key(_ kind: Kind, _ uuid: String) -> String {
        kind.rawValue + " " + uuid.lowercased()
    }

    private mutating func add(_ mark: Mark) {
        let k = key(mark.kind, mark.uuid)
        guard index[k] == nil else { return }
        index[k] = marks.count
        marks.append(mark)
        if let line = mark.line {
            lineIndex[Line(path: mark.path, line: line)] = mark.uuid
        } else if fileIndex[mark.path] == nil {
            fileIndex[mark.path] = mark.uuid
        }
    }

    private mutating func scanMarkdown(_ file: SourceFile) {
        let prefix = "<!-- imported: \(Provenance.source) "
        let opening = Array("<!--".utf8)
        for line in TextLines.split(file.bytes)
        where line.drop(while: { $0 == 0x20 || $0 == 0x09 }).starts(with: opening) {
            let text = String(decoding: line, as: UTF8.self).trimmingSpaces
            guard text.hasPrefix(prefix), text.hasSuffix(" -->") else { continue }
            let words = text.dropFirst(prefix.count).dropLast(4).split(separator: " ")
            guard words.count == 2, let kind = Kind(rawValue: String(words[0])), kind != .action,
                Provenance.isWellFormed(String(words[1]))
            else { continue }
            add(Mark(kind: kind, uuid: String(words[1]), path: file.path, line: nil))
        }
    }

    private mutating func scanLog(_ file: SourceFile) {
        let prefix = Array("# imported: \(Provenance.source) action ".utf8)
        let rowPrefix = Array("# imported: \(Provenance.csvSource) row ".utf8)
        let notePrefix = Array(Provenance.notePrefix.utf8)
        var pending: (id: String, isRow: Bool)?
        var notes: [String] = []
        for (offset, line) in TextLines.split(file.bytes).enumerated() {
            if line.starts(with: prefix) || line.starts(with: rowPrefix) {
                let isRow = line.starts(with: rowPrefix)
                pending = (
                    String(decoding: line.dropFirst(isRow ? rowPrefix.count : prefix.count), as: UTF8.self)
                        .trimmingSpaces, isRow
                )
                notes = []
                continue
            }
            if pending != nil, line.starts(with: notePrefix) {
                notes.append(String(decoding: line.dropFirst(notePrefix.count), as: UTF8.self))
                continue
            }
            let first = line.first { $0 != 0x20 && $0 != 0x09 }
            if first == UInt8(ascii: "#") || first == nil { continue }
            let at = Line(path: file.path, line: offset + 1)
            if let (id, isRow) = pending, Provenance.isWellFormed(id) {
                if isRow {
                    csvRows.insert(id)
                    csvRowLines.insert(at)
                } else {
                    add(Mark(kind: .action, uuid: id, path: file.path, line: at.line))
                    if !notes.isEmpty { notesIndex[at] = notes }
                }
            }
            pending = nil
        }
    }
}
