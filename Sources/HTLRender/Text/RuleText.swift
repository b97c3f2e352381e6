import HTLCheck
import HTLCore

/// `htl rules` and `htl explain RULE`, from the rules' descriptors.
public enum RuleText {
    /// One line per rule: id, default severity, summary.
    public static func list() -> String {
        let width = RuleRegistry.all.map(\.id.rawValue.count).max() ?? 20
        var out = ""
        for rule in RuleRegistry.all {
            out +=
                TextLayout.padRight(rule.id.rawValue, width + 2) + TextLayout.padRight(rule.severity.rawValue, 9)
                + rule.summary + "\n"
        }
        return out
    }

    /// What a rule means, its tested examples (the failing one with a caret
    /// and a numbered mark under each place a finding is reported, and the
    /// findings' messages by mark), and how to set its severity.
    public static func explain(_ rule: RuleDescriptor) -> String {
        var out = "\(rule.id.rawValue) (\(rule.severity.rawValue) by default"
        out += rule.canBeTurnedOff ? ", can be turned off" : ", can be lowered to warning"
        out += ")\n\n\(rule.summary).\n"
        if rule.reportedBy != .model { out += "Reported by \(rule.reportedBy.rawValue).\n" }
        out += "\nFails:\n" + example(rule.failing) + "\nPasses:\n" + example(rule.passing)
        out +=
            "\nSet its severity in htl.yaml:\n    rules:\n      \(rule.id.rawValue): "
            + "\(rule.canBeTurnedOff ? "off" : "warning")\n"
        return out
    }

    /// An example's entries and files, then the message expected at each mark.
    static func example(_ example: RuleExample) -> String {
        var out = ""
        for (path, text) in example.committed {
            out += "  \(RuleExample.shown(path)), as committed:" + entryMarks(path) + "\n" + indented(text)
        }
        for folder in example.folders {
            out += "  a folder \(RuleExample.shown(folder))/" + entryMarks(folder) + "\n"
        }
        for (path, target) in example.links {
            out += "  a link \(RuleExample.shown(path)) -> \(target)" + entryMarks(path) + "\n"
        }
        for (path, text) in example.files {
            out += "  \(RuleExample.shown(path)):" + entryMarks(path) + "\n" + indented(text)
        }
        for (mark, expected) in example.findings {
            out += "  \(mark) \(expected.message)" + (expected.rule.map { " [\($0.rawValue)]" } ?? "") + "\n"
        }
        return out
    }

    /// The marks before an entry's name (a finding about the whole entry), pointed at.
    static func entryMarks(_ name: String) -> String {
        let marks = name.filter(RuleExample.isMark)
        return marks.isEmpty ? "" : "   <- " + marks
    }

    /// The text indented, each line followed by carets under its marks.
    static func indented(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var out = ""
        for line in lines {
            out += "    " + RuleExample.shown(String(line)) + "\n"
            for carets in caretLines(RuleExample.marks(inLine: line)) { out += "    " + carets + "\n" }
        }
        return out
    }

    /// Lines of carets, each followed by its marks (`^①`; `^①②` for two
    /// findings at one place), as few lines as keep them apart: a caret goes
    /// on the first line with room left of it.
    package static func caretLines(_ marks: [RuleExample.LineMark]) -> [String] {
        var byOffset: [(offset: Int, label: String)] = []
        for mark in marks.sorted(by: { $0.shownOffset < $1.shownOffset }) {
            if byOffset.last?.offset == mark.shownOffset {
                byOffset[byOffset.count - 1].label.append(mark.symbol)
            } else {
                byOffset.append((mark.shownOffset, "^" + String(mark.symbol)))
            }
        }
        var lines: [String] = []
        for (offset, label) in byOffset {
            if let k = lines.firstIndex(where: { $0.count < offset }) {
                lines[k] += String(repeating: " ", count: offset - lines[k].count) + label
            } else {
                lines.append(String(repeating: " ", count: offset) + label)
            }
        }
        return lines
    }
}

extension RuleText {
    /// docs/RULES.md: every rule with its summary and examples.
    package static func markdown() -> String {
        var out = "# Rules\n\nEvery rule `htl check` knows, written from the rules' descriptors (HTLCheck/Rules, one\n"
        out += "file per rule). The examples are tested: each failing example produces exactly the findings listed\n"
        out += "under it, each where the caret with its mark (①, ②, …) points, and nothing else; each passing\n"
        out += "example produces nothing. `htl explain RULE` prints the same.\n\n"
        out += "| rule | default | summary |\n|---|---|---|\n"
        for rule in RuleRegistry.all {
            out += "| [`\(rule.id.rawValue)`](#\(rule.id.rawValue)) | \(rule.severity.rawValue) | \(rule.summary) |\n"
        }
        for rule in RuleRegistry.all {
            out += "\n## \(rule.id.rawValue)\n\n\(rule.summary.prefix(1).uppercased() + rule.summary.dropFirst()). "
            out +=
                "Default: \(rule.severity.rawValue); "
                + (rule.canBeTurnedOff ? "can be turned off." : "can be lowered to warning, not turned off.")
            if rule.reportedBy != .model { out += " Reported by \(rule.reportedBy.rawValue)." }
            out +=
                "\n\nFails:\n\n```\n" + example(rule.failing) + "```\n\nPasses:\n\n```\n" + example(rule.passing)
                + "```\n"
        }
        return out
    }
}
