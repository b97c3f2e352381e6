import HTLCheck
import HTLCore

/// `htl rules` and `htl explain RULE`, from the rules' descriptors.
public enum RuleText {
    /// One line per rule: id, default severity, summary.
    public static func list() -> String {
        let width = RuleRegistry.all.map(\.id.rawValue.count).max() ?? 20
        var out = ""
        for rule in RuleRegistry.all {
            out += TextLayout.padRight(rule.id.rawValue, width + 2) + TextLayout.padRight(rule.severity.rawValue, 9) + rule.summary + "\n"
        }
        return out
    }

    /// What a rule means, its tested examples (the failing one with a caret
    /// where the finding is), and how to set its severity.
    public static func explain(_ rule: RuleDescriptor) -> String {
        var out = "\(rule.id.rawValue) (\(rule.severity.rawValue) by default"
        out += rule.canBeTurnedOff ? ", can be turned off" : ", can be lowered to warning"
        out += ")\n\n\(rule.summary).\n"
        if rule.reportedBy != .model { out += "Reported by \(rule.reportedBy.rawValue).\n" }
        out += "\nFails:\n" + example(rule.failing) + "\nPasses:\n" + example(rule.passing)
        out += "\nSet its severity in htl.yaml:\n    rules:\n      \(rule.id.rawValue): \(rule.canBeTurnedOff ? "off" : "warning")\n"
        return out
    }

    static func example(_ example: RuleExample) -> String {
        var out = ""
        for (path, text) in example.committed {
            out += "  \(path), as committed:\n" + indented(text, marked: nil)
        }
        for folder in example.folders {
            out += "  a folder \(RuleExample.shown(folder))/" + (folder.contains(RuleExample.marker) ? "   <- reported here" : "") + "\n"
        }
        let marked = example.markedLocation
        for (path, text) in example.files {
            if path.contains(RuleExample.marker) {
                out += "  \(RuleExample.shown(path)):   <- reported here\n" + indented(text, marked: nil)
            } else {
                out += "  \(path):\n" + indented(text, marked: marked?.path == path ? marked : nil)
            }
        }
        return out
    }

    /// The text indented, with a caret line under the marked position.
    static func indented(_ text: String, marked: SourceLocation?) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var out = ""
        for (i, line) in lines.enumerated() {
            out += "    " + RuleExample.shown(line) + "\n"
            if let marked, marked.line == i + 1 {
                let before = String(line[..<(line.firstIndex(of: RuleExample.marker) ?? line.endIndex)])
                out += "    " + String(repeating: " ", count: before.count) + "^\n"
            }
        }
        return out
    }
}

extension RuleText {
    /// docs/RULES.md: every rule with its summary and examples.
    package static func markdown() -> String {
        var out = "# Rules\n\nEvery rule `htl check` knows, written from the rules' descriptors (HTLCheck/Rules, one\n"
        out += "file per rule). The examples are tested: each failing example produces exactly its rule where the\n"
        out += "caret points, each passing example nothing. `htl explain RULE` prints the same.\n\n"
        out += "| rule | default | summary |\n|---|---|---|\n"
        for rule in RuleRegistry.all {
            out += "| [`\(rule.id.rawValue)`](#\(rule.id.rawValue)) | \(rule.severity.rawValue) | \(rule.summary) |\n"
        }
        for rule in RuleRegistry.all {
            out += "\n## \(rule.id.rawValue)\n\n\(rule.summary.prefix(1).uppercased() + rule.summary.dropFirst()). "
            out += "Default: \(rule.severity.rawValue); " + (rule.canBeTurnedOff ? "can be turned off." : "can be lowered to warning, not turned off.")
            if rule.reportedBy != .model { out += " Reported by \(rule.reportedBy.rawValue)." }
            out += "\n\nFails:\n\n```\n" + example(rule.failing) + "```\n\nPasses:\n\n```\n" + example(rule.passing) + "```\n"
        }
        return out
    }
}
