import HTLCore
import HTLModel
import HTLParse

/// A rules file for `htl import csv` (docs/IMPORT.md), in the spirit of
/// hledger's CSV rules: which lines to skip, which column is the date and
/// how it is written, which columns make the description, which columns are
/// quantities of which measures, what every line links and tags, and
/// conditions on a column's text that add links and tags or skip the row.
struct CSVRules {
    /// A column by its header name or its number (1 = first).
    enum Column: Equatable {
        case number(Int)
        case name(String)
    }

    struct Quantity {
        var measure: String
        var column: Column
        var multiply: ExactDecimal?
        var divide: ExactDecimal?
    }

    struct Condition {
        var column: Column
        var contains: String?
        var equals: String?
        var links: [String] = []
        var tags: [String] = []
        var skip = false
    }

    var skip = 1
    var separator: UInt8 = UInt8(ascii: ",")
    var date: Column = .number(1)
    var dateFormat: DateFormat?
    var time: Column?
    var description: [Column] = []
    var quantities: [Quantity] = []
    var links: [String] = []
    var tags: [String] = []
    var decimalComma = false
    var file: String?
    var conditions: [Condition] = []

    /// The rules in a YAML file; a mistake is an error naming its line.
    static func read(name: String, bytes: [UInt8]) throws(HTLError) -> CSVRules {
        let parsed = YAMLParser.parse(bytes[...], path: name, firstLine: 1)
        if let first = parsed.diagnostics.first {
            throw HTLError("\(name):\(first.location.line):\(first.location.column): \(first.message)")
        }
        guard let root = parsed.root, let pairs = root.pairs else {
            throw HTLError("\(name): a rules file is a YAML mapping (docs/IMPORT.md)")
        }
        var reader = CSVRulesReader(name: name)
        return try reader.rules(pairs)
    }
}
