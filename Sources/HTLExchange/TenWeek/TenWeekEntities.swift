import HTLCore
import HTLEdit
import HTLModel

/// Values, terms and goals from the app as new ledger files.
extension TenWeekMapping {
    /// The alignment strength htl gives an imported alignment: the app's
    /// exports carry only which values a goal serves, not how strongly.
    static let defaultStrength = 5

    mutating func addValue(_ v: TenWeekRecord.Value) {
        let id = valueIDs.id(for: v.title, fallback: "value")
        valueByUUID[v.id.lowercased()] = id
        var text = EntityText()
        text.text("title", v.title.trimmingSpaces.isEmpty ? id : v.title)
        text.plain("level", TenWeekMapping.level(v.level))
        text.plain("priority", Int(v.priority))
        text.text("domain", v.domain)
        text.text("guidance", v.guidance)
        text.section(nil, v.description)
        text.section("Notes", v.notes)
        add("\(LedgerLayout.valuesFolder)/\(id).md", text, .value, v.id, from: v.origin)
    }

    mutating func addTerm(_ t: TenWeekRecord.Term) {
        guard let number = Int(t.number), number >= 1 else {
            plan.problem(t.origin, "term number '\(t.number)' is not a whole number from 1")
            return
        }
        termNumberByUUID[t.id.lowercased()] = number
        let id = termIDs.id(for: "term-\(number)", fallback: "term")
        var text = EntityText()
        text.plain("number", number)
        if !t.periodTitle.isEmpty, t.periodTitle != "Term \(number)" { text.text("title", t.periodTitle) }
        text.plain("start", dayText(t.start, "StartDate", t.origin))
        text.plain("end", dayText(t.end, "EndDate", t.origin))
        text.text("theme", t.theme)
        text.plain("status", TenWeekMapping.status(t.status))
        text.section("Reflection", t.reflection)
        if t.start.isEmpty { plan.problem(t.origin, "the term has no StartDate") }
        add("\(LedgerLayout.termsFolder)/\(id).md", text, .term, t.id, from: t.origin)
    }

    /// Goal ids are given before any goal is written, so that term lists
    /// and actions can name goals in any order.
    mutating func reserveGoal(_ g: TenWeekRecord.Goal) {
        goalByUUID[g.id.lowercased()] = goalIDs.id(for: g.title, fallback: "goal")
    }

    mutating func addGoal(_ g: TenWeekRecord.Goal) {
        let id = goalByUUID[g.id.lowercased()]!
        var text = EntityText()
        text.text("title", g.title.trimmingSpaces.isEmpty ? id : g.title)
        text.plain("importance", Int(g.importance))
        text.plain("urgency", Int(g.urgency))
        text.plain("start", dayText(g.start, "StartDate", g.origin))
        text.plain("target", dayText(g.target, "TargetDate", g.origin))
        text.plain("weeks", Int(g.termLength))
        let terms = (termsOfGoal[g.id.lowercased()] ?? []).sorted()
        if !terms.isEmpty {
            text.plain("term", terms.count == 1 ? "\(terms[0])" : "[\(terms.map(String.init).joined(separator: ", "))]")
        }
        text.mapping("targets", targets(g))
        text.mapping("values", alignments(g))
        text.section(nil, g.description)
        text.section("Action plan", g.actionPlan)
        text.section("Notes", g.notes)
        add("\(LedgerLayout.goalsFolder)/\(id).md", text, .goal, g.id, from: g.origin)
    }

    private mutating func targets(_ g: TenWeekRecord.Goal) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for target in g.targets {
            guard let measure = measures.measure(unit: target.unit, title: target.title) else {
                plan.problem(g.origin, "a measure target has no unit")
                continue
            }
            guard let amount = ImportNumber.decimal(target.value), amount > .zero else {
                plan.problem(g.origin, "the target for \(measure) is '\(target.value)', not a number above 0")
                continue
            }
            if let i = pairs.firstIndex(where: { $0.0 == measure }) {
                pairs[i].1 = amount.description
            } else {
                pairs.append((measure, amount.description))
            }
        }
        return pairs
    }

    private mutating func alignments(_ g: TenWeekRecord.Goal) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for uuid in g.valueIDs where reference(uuid, "value", from: g.origin) {
            guard let value = valueByUUID[uuid.lowercased()] else {
                plan.problem(
                    g.origin,
                    "the goal serves value \(uuid), which is neither in this import nor in the ledger (import "
                        + "values_export too)"
                )
                continue
            }
            if !pairs.contains(where: { $0.0 == value }) { pairs.append((value, "\(TenWeekMapping.defaultStrength)")) }
        }
        return pairs
    }

    private mutating func add(
        _ path: String, _ text: EntityText, _ kind: Provenance.Kind, _ uuid: String, from origin: TenWeekRecord.Origin
    ) {
        plan.newFiles.append(
            ImportPlan.NewFile(
                path: path, text: text.render(mark: Provenance.markdownMark(kind, uuid)), origin: origin.description))
    }

    /// The app's value level (`highestOrder`, `Life Area`, ...) as htl's.
    static func level(_ text: String) -> String? {
        switch letters(text) {
        case "highestorder": return "highest_order"
        case "major": return "major"
        case "general": return "general"
        case "lifearea": return "life_area"
        default: return nil
        }
    }

    /// The app's term status (`onHold`, `Completed`, ...) as htl's.
    static func status(_ text: String) -> String? {
        switch letters(text) {
        case "planned", "active", "completed", "delayed", "cancelled": return letters(text)
        case "canceled": return "cancelled"
        case "onhold": return "on_hold"
        default: return nil
        }
    }

    /// Lowercase ASCII letters only: `on_hold`, `onHold`, `On Hold` → `onhold`.
    /// Text longer than any word it is compared with gives "" unread.
    static func letters(_ text: String) -> String {
        guard text.utf8.count <= 64 else { return "" }
        return String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }.map(Character.init))
    }

    /// A day as front matter writes it.
    mutating func dayText(_ text: String, _ what: String, _ origin: TenWeekRecord.Origin) -> String? {
        day(text, what, origin)?.description
    }
}
