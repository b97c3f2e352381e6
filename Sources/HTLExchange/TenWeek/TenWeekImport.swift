import HTLCore
import HTLEdit
import HTLLoad
import HTLModel
import HTLSystem

/// `htl import tenweek FILE...`: the Ten Week Goal app's exports as new
/// ledger files and log lines (docs/IMPORT.md). Records imported before
/// (their provenance marks are in the ledger) are skipped, so the same
/// import run twice adds nothing.
public enum TenWeekImport {
    /// The plan for importing `inputs` (export files by name and content),
    /// checked against the ledger; `utcOffset` turns exported instants into
    /// local days.
    public static func plan(
        _ inputs: [(name: String, bytes: [UInt8])], into loaded: LoadedLedger,
        utcOffset: @escaping UTCOffset
    ) throws -> ImportPlan {
        var records: [TenWeekRecord] = []
        for input in inputs {
            records += try TenWeekReader.records(name: input.name, bytes: input.bytes)
        }
        var mapping = TenWeekMapping(loaded: loaded, utcOffset: utcOffset)
        mapping.map(records)
        var plan = mapping.finish()
        plan.check(against: loaded)
        return plan
    }
}

/// The state of one import: what the ledger already holds, the ids given
/// so far, and the plan being filled.
struct TenWeekMapping {
    let loaded: LoadedLedger
    let utcOffset: UTCOffset
    let provenance: Provenance
    var plan = ImportPlan()
    var measures: MeasurePlanner
    var valueIDs: IDAllocator
    var termIDs: IDAllocator
    var goalIDs: IDAllocator
    /// The app's UUIDs (lowercased) of values, goals and terms, as ledger ids and numbers.
    var valueByUUID: [String: String] = [:]
    var goalByUUID: [String: String] = [:]
    var termNumberByUUID: [String: Int] = [:]
    /// The terms each goal is committed to, by the goal's UUID.
    var termsOfGoal: [String: [Int]] = [:]

    init(loaded: LoadedLedger, utcOffset: @escaping UTCOffset) {
        self.loaded = loaded
        self.utcOffset = utcOffset
        provenance = Provenance(files: loaded.files)
        let ledger = loaded.ledger
        measures = MeasurePlanner(catalog: ledger.measures)
        valueIDs = IDAllocator(taken: ledger.values.map(\.id))
        termIDs = IDAllocator(taken: ledger.terms.map(\.id))
        goalIDs = IDAllocator(taken: ledger.goals.map(\.id))
        for mark in provenance.marks {
            let id = String(FileSystem.name(mark.path).dropLast(3))
            switch mark.kind {
            case .value: valueByUUID[mark.uuid.lowercased()] = id
            case .goal: goalByUUID[mark.uuid.lowercased()] = id
            case .term: termNumberByUUID[mark.uuid.lowercased()] = ledger.terms.first { $0.path == mark.path }?.number
            case .action: break
            }
        }
    }

    /// Values first, then terms (whose goal lists goals need), goals, actions.
    mutating func map(_ records: [TenWeekRecord]) {
        var fresh: [TenWeekRecord] = []
        var terms: [TenWeekRecord.Term] = []
        var seen: [String: TenWeekRecord.Origin] = [:]
        for record in records {
            let kind = record.provenanceKind.rawValue
            guard Provenance.isWellFormed(record.id) else {
                plan.problem(
                    record.origin,
                    "the \(kind) id \(TerminalText.quoted(record.id)) is not well formed: "
                        + "an id is 1 to \(Provenance.maximumIDLength) ASCII letters, digits, '-' and '_' (the app's "
                        + "are UUIDs)"
                )
                continue
            }
            // Ids are compared without case, as the marks are.
            let key = "\(kind) \(record.id.lowercased())"
            if let first = seen[key] {
                plan.problem(record.origin, "the \(kind) \(record.id) is also at \(first): an id names one record")
                continue
            }
            seen[key] = record.origin
            if case .term(let t) = record { terms.append(t) }
            if provenance.mark(record.provenanceKind, record.id) != nil {
                plan.skipped += 1
            } else {
                fresh.append(record)
            }
        }
        for case .value(let v) in fresh { addValue(v) }
        for case .term(let t) in fresh { addTerm(t) }
        // Every term's goal list counts, also a term imported before: its new goals join it.
        for t in terms {
            let goals = t.goalIDs.filter { reference($0, "goal", from: t.origin) }
            guard let number = termNumberByUUID[t.id.lowercased()] else { continue }
            for goal in goals { termsOfGoal[goal.lowercased(), default: []].append(number) }
        }
        for case .goal(let g) in fresh { reserveGoal(g) }
        for case .goal(let g) in fresh { addGoal(g) }
        addActions(fresh.compactMap { if case .action(let a) = $0 { return a } else { return nil } })
    }

    /// The plan, with measures.yaml grown by the measures the import needs.
    mutating func finish() -> ImportPlan {
        let added = measures.yaml()
        if !added.isEmpty,
            loaded.diagnostics.contains(where: { $0.isError && $0.location.path == LedgerLayout.measuresFile })
        {
            plan.problem(
                LedgerLayout.measuresFile,
                "has errors (run htl check); fix them first: the import adds the measures "
                    + measures.added.map(\.id).joined(separator: ", "))
        } else if !added.isEmpty {
            let file = loaded.parsed.file(at: LedgerLayout.measuresFile)
            var bytes = file?.bytes ?? []
            if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
            // New entries cannot follow `{}`; any other text the user wrote stays as it is.
            if MeasurePlanner.isEmptyMapping(bytes) { bytes = MeasurePlanner.commentsOnly(bytes) }
            plan.measures = (LedgerLayout.measuresFile, file?.bytes, bytes + Array(added.utf8))
            plan.newMeasures = measures.added.count
        }
        plan.newFiles.sort { ByteOrder.precedes($0.path, $1.path) }
        return plan
    }

    /// Whether a record's reference to another (a goal's value, an action's
    /// goal) is a well-formed id; a problem when it is not.
    mutating func reference(_ id: String, _ kind: String, from origin: TenWeekRecord.Origin) -> Bool {
        guard Provenance.isWellFormed(id) else {
            plan.problem(origin, "the \(kind) it names, \(TerminalText.quoted(id)), is not a well-formed id")
            return false
        }
        return true
    }

    /// A day from an exported time; a problem when it is not one.
    mutating func day(_ text: String, _ what: String, _ origin: TenWeekRecord.Origin) -> CivilDate? {
        guard !text.isEmpty else { return nil }
        guard let time = ExportTime.parse(text) else {
            plan.problem(origin, "\(what) '\(text)' is not an ISO 8601 date or time")
            return nil
        }
        return time.local(utcOffset).date
    }
}

extension TenWeekRecord {
    var origin: Origin {
        switch self {
        case .value(let v): return v.origin
        case .term(let t): return t.origin
        case .goal(let g): return g.origin
        case .action(let a): return a.origin
        }
    }

    var provenanceKind: Provenance.Kind {
        switch self {
        case .value: return .value
        case .term: return .term
        case .goal: return .goal
        case .action: return .action
        }
    }
}
