import HTLCore
import HTLJSON
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender
import HTLSystem

/// `textDocument/hover`: a `+goal` shows its title, state, progress and
/// its line from `htl status`, and the running timer when it links the goal; a quantity its measure, type and
/// conversion; a value id its title, level and priority; a log line's date
/// its weekday, term and week.
enum HoverProvider {
    static func hover(_ context: RequestContext) -> JSON {
        guard let path = context.path, let p = context.position, let loaded = context.loaded else { return .null }
        let ledger = loaded.ledger
        let word = WordAtCursor(p.positions.lineText(p.line), column: p.column)
        var text: String?
        if word.text.hasPrefix("+") {
            let id = String(word.text.dropFirst())
            text = goal(id, progress: context.progress, today: loaded.today)
            if let timing = timer(linking: id, loaded.root, now: context.now) { text = text.map { $0 + timing } }
        } else if path.hasSuffix(".log"), word.startColumn == 1, let date = CivilDate.parse(word.text) {
            text = day(date, ledger: ledger)
        } else if let measure = measure(in: word.text, ledger: ledger) {
            text = measure
        } else if path.hasPrefix("goals/"), let value = ledger.value(word.text.trimmingColon) {
            text =
                "**\(value.title)** (`\(value.id)`)\n\nvalue · \(value.level.rawValue)"
                + (value.prioritySet ? " · priority \(value.priority)" : "")
        }
        guard let text else { return .null }
        let range = LSPMessage.range(
            p.positions.lspPosition(line: p.line, column: word.startColumn),
            p.positions.lspPosition(line: p.line, column: word.endColumn))
        return .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(text))])), ("range", range),
        ])
    }

    static func goal(_ id: String, progress: ProgressReport?, today: CivilDate) -> String? {
        guard let progress, let g = progress.goal(id) else { return nil }
        var facts = [g.state.words, TextLayout.percent(g.progress)]
        let due = StatusText.dueText(g)
        if !due.isEmpty { facts.append(due) }
        let lines = StatusText.detailLines(g, progress.measures, today: today)
        return "**\(g.goal.title)** (`\(g.id)`)\n\n" + facts.joined(separator: " · ") + "\n\n"
            + lines.map { "- " + $0 }.joined(separator: "\n")
    }

    /// "\n\nTimer: Piano scales +piano-20h, since 18:47 (25 min)" when the running timer links the goal.
    static func timer(linking id: String, _ root: LedgerRoot, now: Now) -> String? {
        guard let timer = TimerFile.state(root), timer.running,
            timer.text.split(separator: " ").contains(where: { $0 == "+" + id })
        else { return nil }
        return "\n\n" + TimerWords.line(timer, at: now)
    }

    static func day(_ date: CivilDate, ledger: Ledger) -> String {
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        var text = "\(names[date.isoWeekday - 1]) \(date)"
        if let term = ledger.terms.filter({ $0.start <= date && date <= $0.end }).max(by: { $0.number < $1.number }) {
            text +=
                " · term \(term.number), week \(min(term.start.days(until: date) / 7 + 1, term.weeks)) of \(term.weeks)"
        }
        return text
    }

    /// A quantity (`5.8km`) or a bare measure name: the measure, its type,
    /// its aliases and conversion.
    static func measure(in word: String, ledger: Ledger) -> String? {
        let name = String(word.drop { $0.isNumber || $0 == "." || $0 == "-" }).trimmingColon
        guard !name.isEmpty, let m = ledger.measures.measure(named: name) else { return nil }
        var text = "**\(m.title)** (`\(m.id)`)\n\nmeasure · \(m.kind.rawValue)"
        if !m.aliases.isEmpty { text += " · also " + m.aliases.joined(separator: ", ") }
        if let equals = m.equals { text += "\n\n1 \(m.id) = \(equals.amount) \(equals.unit)" }
        return text
    }
}

/// The word around a column: the run of bytes between spaces, tabs, commas and brackets.
struct WordAtCursor {
    var text: String
    var startColumn: Int
    var endColumn: Int

    init(_ line: ArraySlice<UInt8>, column: Int) {
        let stops: Set<UInt8> = [0x20, 0x09, 0x2C, 0x5B, 0x5D]
        let cursor = LineIndex.offset(ofColumn: column, in: line)
        var start = cursor
        while start > line.startIndex, !stops.contains(line[start - 1]) { start -= 1 }
        var end = cursor
        while end < line.endIndex, !stops.contains(line[end]) { end += 1 }
        text = String(decoding: line[start..<end], as: UTF8.self)
        startColumn = LineIndex.scalarCount(line[line.startIndex..<start]) + 1
        endColumn = startColumn + LineIndex.scalarCount(line[start..<end])
    }
}

extension String {
    /// Without a trailing `:` (a key as written in YAML).
    var trimmingColon: String { hasSuffix(":") ? String(dropLast()) : self }
}
