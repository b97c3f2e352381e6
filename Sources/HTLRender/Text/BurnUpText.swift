import HTLCore
import HTLModel
import HTLProgress

/// A burn-up chart in the terminal: one column per span of days, the total
/// so far in blocks (eighths at the top), the even-pace line in dots, the
/// axis marked at today, the first and last days under it.
///
/// ```
///     100 ┤                                   ···
///         │                           ····
///         │                    ····
///         │             ····▃
///         │         ▂▄▆█████
///         │   ▁▂▃▅▆█████████
///       0 └─────────────────┴─────────────────────
///          2026-11-02      today        2027-01-10
/// ```
enum BurnUpText {
    static let rows = 6
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart's lines (each ending in a newline), `indent` spaces in, at
    /// most `width` columns wide. Empty when too narrow to read.
    static func render(_ s: BurnUp, indent: Int, width: Int, hue: Hue, style: TerminalStyle) -> String {
        let top = max(s.target, s.points.map(\.total).max() ?? .zero)
        // The top of the scale: the target, or the total when it went past.
        let label = TextLayout.amount(top)
        let gutter = max(label.count, 1) + 1
        let columns = min(width - indent - gutter - 1, 60)
        guard columns >= 20 else { return "" }
        let first = min(s.start, s.points.first?.date ?? s.start, s.today)
        let last = max(s.end ?? s.today, s.today, first)
        let days = first.days(until: last) + 1
        // Column c shows the end of its last day.
        let ends = (0..<columns).map { c in first.adding(days: max((c + 1) * days / columns - 1, 0)) }
        let todayColumn = ends.firstIndex { $0 >= s.today } ?? columns - 1
        func eighthsOf(_ amount: ExactDecimal) -> Int {
            guard top.isPositive else { return 0 }
            let share = min(max(amount.divided(by: top) ?? .zero, .zero), .one)
            return Int(share.millionths * Int128(rows * 8) / ExactDecimal.scale)
        }
        let actual = ends.enumerated().map { c, day in c <= todayColumn ? eighthsOf(s.total(on: min(day, s.today))) : -1
        }
        let ideal = ends.map { day in s.ideal(on: day).map(eighthsOf) }

        let pad = String(repeating: " ", count: indent)
        var out = ""
        for row in 0..<rows {
            let floor = (rows - 1 - row) * 8
            // Cells as (character, is the total); painted a run at a time.
            var cells: [(Character, Bool?)] = []
            for c in 0..<columns {
                let a = actual[c] - floor
                if a > 0 {
                    cells.append((eighths[min(a, 8) - 1], true))
                } else if let i = ideal[c], i >= floor, i < floor + 8 || row == 0 {
                    cells.append(("·", false))
                } else {
                    cells.append((" ", nil))
                }
            }
            while cells.last?.1 == nil, !cells.isEmpty { cells.removeLast() }
            var line = ""
            var start = 0
            while start < cells.count {
                var end = start
                while end < cells.count, cells[end].1 == cells[start].1 { end += 1 }
                let run = String(cells[start..<end].map(\.0))
                switch cells[start].1 {
                case true?: line += style.paint(run, ReportColors.color(for: hue))
                case false?: line += style.dim(run)
                case nil: line += run
                }
                start = end
            }
            let axisLabel =
                row == 0 ? TextLayout.padLeft(label, gutter - 1) + " ┤" : String(repeating: " ", count: gutter) + "│"
            out += pad + axisLabel + line + "\n"
        }
        var axis = Array(repeating: "─", count: columns)
        axis[todayColumn] = "┴"
        out += pad + TextLayout.padLeft("0", gutter - 1) + " └" + axis.joined() + "\n"
        out +=
            pad + String(repeating: " ", count: gutter + 1)
            + dateLine(
                first: first, last: last, today: s.today,
                todayColumn: todayColumn, columns: columns) + "\n"
        return out
    }

    /// The first day at the left, the last at the right, `today` under its
    /// column when it fits between them.
    static func dateLine(first: CivilDate, last: CivilDate, today: CivilDate, todayColumn: Int, columns: Int) -> String
    {
        var cells = Array(repeating: Character(" "), count: columns)
        func put(_ text: String, at start: Int) {
            for (k, ch) in text.enumerated() where start + k >= 0 && start + k < columns { cells[start + k] = ch }
        }
        let left = first.description
        let right = last == today ? "today" : last.description
        put(left, at: 0)
        put(right, at: columns - right.count)
        let mark = "today"
        let at = todayColumn - mark.count / 2
        if right != "today", at > left.count, at + mark.count < columns - right.count { put(mark, at: at) }
        var line = String(cells)
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
