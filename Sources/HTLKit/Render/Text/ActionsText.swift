/// The action log, newest first, grouped by when: `htl actions`.
public enum ActionsText {
    public enum Group: String, CaseIterable, Sendable {
        case future = "Later"
        case today = "Today"
        case yesterday = "Yesterday"
        case thisWeek = "This week"
        case lastWeek = "Last week"
        case earlier = "Earlier"
    }

    /// Which group an action's date falls in. Weeks start on Monday.
    public static func group(of date: CivilDate, today: CivilDate) -> Group {
        let days = date.days(until: today)
        if days < 0 { return .future }
        if days == 0 { return .today }
        if days == 1 { return .yesterday }
        let monday = today.adding(days: -(today.isoWeekday - 1))
        if date >= monday { return .thisWeek }
        if date >= monday.adding(days: -7) { return .lastWeek }
        return .earlier
    }

    /// `indices` already filtered and newest first.
    public static func render(_ indices: [Int], ledger: Ledger, report: ProgressReport,
                              width: Int = 80, style: TerminalStyle = .plain) -> String {
        if indices.isEmpty { return "No actions.\n" }
        var out = ""
        var current: Group?
        let goals = report.goalsCounting(indices, actionCount: ledger.actions.count)
        for i in indices {
            let action = ledger.actions[i]
            let g = group(of: action.date, today: report.today)
            if g != current {
                if current != nil { out += "\n" }
                out += style.bold(g.rawValue) + "\n"
                current = g
            }
            out += line(action, goals: goals[i] ?? [], width: width, style: style,
                        showDate: g != .today && g != .yesterday) + "\n"
        }
        return out
    }

    /// `  2026-11-21 07:10  Long run  12km 1session  +run-100km #running`
    static func line(_ a: Action, goals: [String], width: Int, style: TerminalStyle, showDate: Bool) -> String {
        var left = "  "
        if showDate { left += a.date.description + " " }
        left += (a.time?.description ?? "     ") + "  "
        var rest: [String] = []
        if !a.description.isEmpty { rest.append(a.description) }
        let quantities = a.quantities.map { "\($0.amount)\($0.measure)" }.joined(separator: " ")
        if !quantities.isEmpty { rest.append(quantities) }
        let links = goals.map { "+" + $0 }.joined(separator: " ")
        let tags = a.tags.map { "#" + $0 }.joined(separator: " ")
        let plain = TextLayout.truncate(rest.joined(separator: "  ") + (links.isEmpty ? "" : "  " + links) + (tags.isEmpty ? "" : "  " + tags),
                                        max(width - left.count, 10))
        guard style.enabled else { return left + plain }
        return style.dim(left) + plain
    }
}
