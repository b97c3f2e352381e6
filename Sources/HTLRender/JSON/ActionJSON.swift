import HTLCore
import HTLJSON
import HTLModel
import Synchronization

/// Writes actions as JSON objects, the way `export` and the action lists
/// show them. What many actions share is made into bytes once, when the
/// writer is made: the members' names with their line breaks and
/// indentation, the ids of the ledger's measures, the ids of the goals an
/// action can count toward; a run of actions keeps its last log path and
/// day as bytes. An action is then copied together from those pieces and
/// its own numbers and text. (Quoting each id and path from its String,
/// and each day from its year, month and day, was about a third of writing
/// an action: export, 100,000 actions.)
struct ActionJSON: Sendable {
    /// The syntax between the values, at the writer's indentation.
    private enum Piece: Int, CaseIterable {
        case open, line, date, time, description, quantities, goals, tags, links
        case firstQuantity, nextQuantity, amount, quantityClose, quantitiesClose, emptyClose
        case listSeparator, listClose, close, null
    }

    private let pieces: QuotedStrings
    private let measures: QuotedStrings
    private let goals: QuotedStrings

    /// A writer of actions whose objects open at `indent`; goals are named
    /// by their position in `goalIDs`.
    init(indent: Int, measures catalog: MeasureCatalog, goalIDs: [String]) {
        let pieces = ActionJSON.pieces(indent: indent)
        self.pieces = QuotedStrings(raw: pieces)
        measures = QuotedStrings(catalog.measures.map(\.id))
        goals = QuotedStrings(goalIDs)
    }

    /// The bytes of each piece, laid out by `JSONBytes` as any object's
    /// members are (two spaces deeper per level).
    private static func pieces(indent: Int) -> [[UInt8]] {
        func piece(_ write: (inout JSONBytes) -> Void) -> [UInt8] {
            var out = JSONBytes()
            write(&out)
            return out.bytes
        }
        let members: [Piece: StaticString] = [.line: "line", .date: "date", .time: "time", .description: "description"]
        let lists: [Piece: StaticString] = [.quantities: "quantities", .goals: "goals", .tags: "tags", .links: "links"]
        func quantity(_ k: Int) -> [UInt8] {
            piece { out in
                out.element(k, indent: indent + 2)
                out.append("{")
                out.key(literal: "measure", at: 0, indent: indent + 4)
            }
        }
        return Piece.allCases.map { p in
            if let name = members[p] { return piece { $0.key(literal: name, at: p.rawValue, indent: indent) } }
            if let name = lists[p] {
                return piece {
                    $0.key(literal: name, at: p.rawValue, indent: indent)
                    $0.append("[")
                }
            }
            switch p {
            case .open:
                return piece {
                    $0.append("{")
                    $0.key(literal: "path", at: 0, indent: indent)
                }
            case .firstQuantity: return quantity(0)
            case .nextQuantity: return quantity(1)
            case .amount: return piece { $0.key(literal: "amount", at: 1, indent: indent + 4) }
            case .quantityClose: return piece { $0.close("}", count: 2, indent: indent + 4) }
            case .quantitiesClose: return piece { $0.close("]", count: 1, indent: indent + 2) }
            case .emptyClose, .listClose: return piece { $0.append("]") }
            case .listSeparator: return piece { $0.append(", ") }
            case .close: return piece { $0.close("}", count: 9, indent: indent) }
            case .null: return piece { $0.append("null") }
            default: return []
            }
        }
    }

    /// Writes a run of actions, read in place by position; `goalsOf(i)`
    /// gives the positions of the goals action `i` of `actions` counts
    /// toward, and `before(i)` writes what comes before action `i` (a separator).
    func write(
        _ run: Range<Int>, of actions: [Action], goalsOf: (Int) -> ArraySlice<Int32>,
        into out: inout JSONBytes, before: (Int, inout JSONBytes) -> Void
    ) {
        var shared = Shared()
        // Each action borrowed where it is (a copy of one took a reference count per list it holds).
        let actions = actions.span
        var i = run.lowerBound
        while i < run.upperBound {
            // A stretch of actions whose descriptions are in one store (a piece
            // of a log): its bytes are taken once for all of them (a reference
            // count per action, on every core at once, was a third of export).
            let store = actions[i].storedText.store
            var end = i + 1
            while end < run.upperBound, actions[end].storedText.store === store { end += 1 }
            shared.path(of: store)
            let text = store.bytes
            for k in i..<end {
                before(k, &out)
                write(actions, k, text: text, goals: goalsOf(k), shared: &shared, into: &out)
            }
            i = end
        }
    }

    /// What a run of actions keeps between actions: the last log path and
    /// day written, as bytes.
    private struct Shared {
        var log: ObjectIdentifier?
        var path: [UInt8] = []
        var day = Int.min
        var date: [UInt8] = []

        /// The quoted path of the log `store` belongs to: made again only
        /// when the store is another than the last one.
        mutating func path(of store: ActionText.Store) {
            guard ObjectIdentifier(store) != log else { return }
            path = QuotedStrings.quoted(store.path)
            log = ObjectIdentifier(store)
        }

        /// The quoted day of `date`, made again when the day changes.
        mutating func date(_ date: CivilDate) {
            guard date.dayNumber != day else { return }
            var out = JSONBytes()
            out.appendQuoted(date)
            self.date = out.bytes
            day = date.dayNumber
        }
    }

    /// Writes action `i`, whose description is in `text` (its store's bytes).
    private func write(
        _ actions: borrowing Span<Action>, _ i: Int, text: [UInt8], goals positions: ArraySlice<Int32>,
        shared: inout Shared, into out: inout JSONBytes
    ) {
        shared.date(actions[i].date)
        func piece(_ p: Piece) { pieces.write(p.rawValue, into: &out) }
        piece(.open)
        out.append(bytes: shared.path.span)
        piece(.line)
        out.append(actions[i].line)
        piece(.date)
        out.append(bytes: shared.date.span)
        piece(.time)
        if let time = actions[i].time { out.appendQuoted(time) } else { piece(.null) }
        piece(.description)
        out.appendQuoted(bytes: text.span.extracting(actions[i].storedText.range))
        piece(.quantities)
        let quantityCount = actions[i].quantities.count
        for k in 0..<quantityCount {
            piece(k == 0 ? .firstQuantity : .nextQuantity)
            measures.write(actions[i].quantities[k].measureIndex, into: &out)
            piece(.amount)
            out.append(actions[i].quantities[k].amount)
            piece(.quantityClose)
        }
        piece(quantityCount > 0 ? .quantitiesClose : .emptyClose)
        piece(.goals)
        for (k, p) in positions.enumerated() {
            if k > 0 { piece(.listSeparator) }
            goals.write(Int(p), into: &out)
        }
        piece(.listClose)
        piece(.tags)
        for k in 0..<actions[i].tags.count {
            if k > 0 { piece(.listSeparator) }
            out.appendQuoted(actions[i].tags[k])
        }
        piece(.listClose)
        piece(.links)
        for k in 0..<actions[i].links.count {
            if k > 0 { piece(.listSeparator) }
            out.appendQuoted(actions[i].links[k].goal)
        }
        piece(.listClose)
        piece(.close)
    }
}

extension ActionJSON {
    /// The writers of one list of actions, made once per indentation (the
    /// elements of a list all have the same one) and shared by its elements.
    final class Writers: Sendable {
        private let measures: MeasureCatalog
        private let goalIDs: [String]
        private let made = Mutex<[Int: ActionJSON]>([:])

        init(measures: MeasureCatalog, goalIDs: [String]) {
            self.measures = measures
            self.goalIDs = goalIDs
        }

        func writer(indent: Int) -> ActionJSON {
            made.withLock { made in
                if let writer = made[indent] { return writer }
                let writer = ActionJSON(indent: indent, measures: measures, goalIDs: goalIDs)
                made[indent] = writer
                return writer
            }
        }
    }
}
