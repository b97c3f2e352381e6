import HTLCore
import HTLJSON
import MCP

/// A tool call's arguments, read with the checks a command line makes:
/// unknown names, wrong types and bad dates are errors the assistant sees.
struct ToolArguments {
    let values: [String: MCP.Value]

    init(_ values: [String: MCP.Value]?, allowed: Set<String>) throws {
        self.values = values ?? [:]
        if let unknown = self.values.keys.filter({ !allowed.contains($0) }).sorted().first {
            let known = allowed.sorted().joined(separator: ", ")
            throw HTLError(
                "unknown argument '\(unknown)'" + (known.isEmpty ? " (this tool takes none)" : " (arguments: \(known))")
            )
        }
    }

    func string(_ name: String) throws -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.stringValue else { throw HTLError("'\(name)' must be a string") }
        return text
    }

    func bool(_ name: String) throws -> Bool? {
        guard let value = values[name], value != .null else { return nil }
        guard let flag = value.boolValue else { throw HTLError("'\(name)' must be true or false") }
        return flag
    }

    func int(_ name: String) throws -> Int? {
        guard let value = values[name], value != .null else { return nil }
        if let n = value.intValue { return n }
        if let d = value.doubleValue, d == d.rounded(), abs(d) < 1e9 { return Int(d) }
        throw HTLError("'\(name)' must be a whole number")
    }

    func date(_ name: String) throws -> CivilDate? {
        guard let text = try string(name) else { return nil }
        if let date = CivilDate.parse(text) { return date }
        throw HTLError(
            "'\(name)' \(text) is not a date: write YYYY-MM-DD" + (CivilDate.whyNotReal(text).map { " (\($0))" } ?? ""))
    }

    func time(_ name: String) throws -> ClockTime? {
        guard let text = try string(name) else { return nil }
        guard let time = ClockTime.parse(text) else {
            throw HTLError("'\(name)' '\(text)' is not a time: write HH:MM (24-hour)")
        }
        return time
    }

    /// An object of names to values; nil when absent.
    func object(_ name: String) throws -> [(String, MCP.Value)]? {
        guard let value = values[name], value != .null else { return nil }
        guard let object = value.objectValue else { throw HTLError("'\(name)' must be an object") }
        return object.keys.sorted().map { ($0, object[$0]!) }
    }

    func ints(_ name: String) throws -> [Int] {
        guard let value = values[name], value != .null else { return [] }
        guard let items = value.arrayValue else { throw HTLError("'\(name)' must be a list of whole numbers") }
        return try items.map { item in
            guard let n = item.intValue else { throw HTLError("'\(name)' must be a list of whole numbers") }
            return n
        }
    }

    /// An exact decimal from a JSON number or its text ("5.8").
    static func decimal(_ value: MCP.Value, _ name: String) throws -> ExactDecimal {
        let text = value.intValue.map(String.init) ?? value.doubleValue.map { "\($0)" } ?? value.stringValue ?? ""
        let trimmed = text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        guard case .success(let amount) = ExactDecimal.parse(trimmed) else {
            throw HTLError("'\(name)' must be a number with at most 6 decimals, not \(text.isEmpty ? "that" : text)")
        }
        return amount
    }
}
