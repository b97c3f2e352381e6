import HTLCore
import HTLFormat

/// What `htl import` says: the summary of what it wrote, or with
/// `--dry-run` everything it would write.
extension ImportPlan {
    /// One line per file touched, then what was skipped.
    public func summary(written: Bool) -> String {
        let verb = written ? "" : "would "
        var lines: [String] = []
        for file in newFiles { lines.append("\(verb)create \(file.path)") }
        if let measures, newMeasures > 0 {
            lines.append("\(verb)add \(count(newMeasures, "measure")) to \(measures.path)")
        }
        for append in appends {
            lines.append("\(verb)append \(count(append.actions, "action")) to \(append.path)")
        }
        if skipped > 0 { lines.append("skipped \(count(skipped, "record")) imported before") }
        if lines.isEmpty { lines.append("nothing to import") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The summary, then each new file, the change to measures.yaml (a
    /// unified diff) and the lines each log file would gain.
    public func preview() -> String {
        var text = summary(written: false)
        for file in newFiles {
            text += "\n==> \(file.path) (new)\n" + file.text
        }
        if let measures {
            text += "\n" + UnifiedDiff.render(old: measures.old ?? [], new: measures.new, path: measures.path)
        }
        for append in appends {
            text += "\n==> \(append.path) (appended)\n" + append.lines.joined(separator: "\n") + "\n"
        }
        return text
    }

    private func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
