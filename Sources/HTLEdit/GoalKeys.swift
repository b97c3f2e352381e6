import HTLCore

/// The keys of a goal's `targets`, `cadence` and `values` from outside (a
/// form, an MCP client) are written into the front matter as they are, so
/// each must have the shape of what it names (a measure id or alias,
/// `actions`, a value id): a line break, `: ` or ` #` in a key would add
/// keys or change a value. Whether the ledger has it is the checker's
/// finding, as for every file.
enum GoalKeys {
    /// A key of `field` (`targets`, `cadence` or `values`), or an error saying what it must be.
    static func check(_ key: String, in field: String) throws {
        if field == "values" {
            guard !Identifier.isValidEntityID(key) else { return }
            throw HTLError(
                "'values' has the key \(TerminalText.quoted(key)), which is not a value id: "
                    + "lowercase letters, digits and '-', starting with a letter or digit")
        }
        guard !Identifier.isValidMeasureName(key) else { return }
        throw HTLError(
            "'\(field)' has the key \(TerminalText.quoted(key)), which is not a measure: "
                + "a measure id or alias (lowercase letters, digits and '_', starting with a letter) or 'actions'")
    }
}
