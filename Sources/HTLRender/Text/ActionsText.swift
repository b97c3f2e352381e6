import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The action log, newest first, grouped by when: `htl actions`.
public enum ActionsText {
    package enum Group: String, CaseIterable, Sendable {
        case future = "Later"
        case today = "Today"
        case yesterday = "Yesterday"
        case thisWeek = "This week"
        case lastWeek = "Last week"
        case earlier = "Earlier"
    }

    /// Which group an action's date falls in. Weeks start on the ledger's
    /// `week_start` (Monday unless htl.yaml says otherwise).
    package static func group(of date: CivilDate, today: CivilDate, weekStart: Weekday = .monday) -> Group {
        let days = date.days(until: today)
        if days < 0 { return .future }
        if days == 0 { return .today }
        if days == 1 { return .yesterday }
        let firstDay = weekStart.onOrBefore(today)
        if date >= firstDay { return .thisWeek }
        if date >= firstDay.adding(days: -7) { return .lastWeek }
        return .earlier
    }

    /// `indices` already filtered and newest first.
    public static func render(
        _ indices: [Int], ledger: Ledger, report: ProgressReport,
        width: Int = 80, style: TerminalStyle = .plain
    ) -> String {
        if indices.isEmpty { return "No actions.\n" }
        var out = ""
        var current: Group?
        let goals = report.goalsCounting(indices, in: ledger.actions)
        for i in indices {
            let action = ledger.actions[i]
            let g = group(of: action.date, today: report.today, weekStart: ledger.settings.weekStart)
            if g != current {
                if current != nil { out += "\n" }
                out += style.bold(g.rawValue) + "\n"
                current = g
            }
            out +=
                line(
                    action, goals: goals[i] ?? [], measures: ledger.measures, width: width, style: style,
                    showDate: g != .today && g != .yesterday) + "\n"
        }
        return out
    }

    /// How an action counts, as marks: the goals it links (`+run-100km`),
    /// its tags (`#swim`), then the goals it counts toward by a tag only
    /// (`→ swim-20km`), so a tag never looks like a link.
    static func marks(_ a: Action, goals: [String], except: String?) -> String {
        let linked = Set(a.links.map(\.goal))
        let byLink = goals.filter { linked.contains($0) && $0 != except }.map { "+" + $0 }
        let byTag = goals.filter { !linked.contains($0) && $0 != except }.map { "→ " + $0 }
        return (byLink + a.tags.map { "#" + $0 } + byTag).joined(separator: " ")
    }

    /// `  2026-11-21 07:10  Long run  12km 1session  +run-100km #running`: the
    /// description is shortened to fit; links and tags that do not fit go on
    /// a second, indented line. `except` leaves out a goal (the one being shown).
    static func line(
        _ a: Action, goals: [String], measures: MeasureCatalog, width: Int, style: TerminalStyle, showDate: Bool,
        except: String? = nil
    ) -> String {
        var head = "  "
        if showDate { head += a.date.description + " " }
        head += (a.time?.description ?? "     ") + "  "
        let quantities = TextLayout.user(a.quantities.map { $0.written(in: measures) }.joined(separator: " "))
        let marks = Self.marks(a, goals: goals, except: except)
        let description = a.description
        var tail = quantities
        var second = ""
        let room = width - head.count
        if !marks.isEmpty {
            let together = tail.isEmpty ? marks : tail + "  " + marks
            if description.count + 2 + together.count <= room || room - together.count - 2 >= 16 {
                tail = together
            } else {
                second = String(repeating: " ", count: head.count) + TextLayout.truncate(marks, room)
            }
        }
        let descriptionRoom = tail.isEmpty ? room : room - tail.count - 2
        var text = TextLayout.truncate(description, max(descriptionRoom, 8))
        if !tail.isEmpty { text += (text.isEmpty ? "" : "  ") + tail }
        let first = (style.enabled ? style.dim(head) : head) + TextLayout.truncate(text, max(room, 10))
        return second.isEmpty ? first : first + "\n" + (style.enabled ? style.dim(second) : second)
    }
}
