import HTLCore
import HTLModel
import Synchronization

/// Writes actions as JSON objects, the way `export` and the action lists
/// show them. What many actions share is made into bytes once, when the
/// writer is made: the members' names with their line breaks and
/// indentation, the ids of the ledger's measures, the ids of the goals an
/// action can count toward; a run of actions keeps its last log path and
/// day as bytes. An action is then copied together from those pieces and
/// its own numbers and text, into room reserved once. (Quoting each id
/// and path from its String, and each day from its year, month and day,
/// was about a third of writing an action: export, 100,000 actions.)
struct ActionJSON {
    /// The syntax between the values, at the writer's indentation.
    private enum Piece: Int, CaseIterable {
        case open, line, date, time, description, quantities, goals, tags, links
        case firstQuantity, nextQuantity, amount, quantityClose, quantitiesClose, emptyClose
        case listSeparator, listClose, close, null
    }

    private let pieces: QuotedStrings
    private let measures: QuotedStrings
    private let goals: QuotedStrings
    /// The room every action takes besides its values.
    private let fixedRoom: Int
    /// The room a quantity takes besides its measure.
    private let quantityRoom: Int

    /// A writer of actions whose objects open at `indent`; goals are named
    /// by their position in `goalIDs`.
    init(indent: Int, measures catalog: MeasureCatalog, goalIDs: [String]) {
        let pieces = ActionJSON.pieces(indent: indent)
        self.pieces = QuotedStrings(raw: pieces)
        measures = QuotedStrings(catalog.measures.map(\.id))
        goals = QuotedStrings(goalIDs)
        let count = { (piece: Piece) in pieces[piece.rawValue].count }
        fixedRoom = [Piece.open, .line, .date, .time, .description, .quantities, .goals, .tags, .links, .quantitiesClose, .close]
            .map(count).reduce(0, +) + 3 * count(.listClose) + ByteWriter.intRoom + ByteWriter.timeRoom
        quantityRoom = count(.nextQuantity) + count(.amount) + ByteWriter.decimalRoom + count(.quantityClose)
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
            if let name = lists[p] { return piece { $0.key(literal: name, at: p.rawValue, indent: indent); $0.append("[") } }
            switch p {
            case .open: return piece { $0.append("{"); $0.key(literal: "path", at: 0, indent: indent) }
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

    /// Writes a run of actions read in place; `goalsOf(i)` gives the
    /// positions of the goals action `i` of `actions` counts toward, and
    /// `before(i)` writes what comes before action `i` (a separator).
    func write(_ run: Range<Int>, of actions: UnsafeBufferPointer<Action>, goalsOf: (Int) -> UnsafeBufferPointer<Int32>,
               into out: inout JSONBytes, before: (Int, inout JSONBytes) -> Void) {
        pieces.withTable { pieces in
            measures.withTable { measures in
                goals.withTable { goals in
                    var shared = Shared(pieces: pieces, measures: measures, goals: goals)
                    // Read in place through pointers: an action read through the buffer's
                    // subscript is a copy, a reference count per String and list it holds.
                    let action = { (i: Int) in actions.baseAddress! + i }
                    var i = run.lowerBound
                    while i < run.upperBound {
                        // A stretch of actions whose descriptions are in one store (a
                        // piece of a log): its bytes are opened once for all of them.
                        let store = ActionJSON.store(of: action(i))
                        var end = i + 1
                        while end < run.upperBound, ActionJSON.store(of: action(end)) == store { end += 1 }
                        shared.path(of: action(i))
                        action(i).pointee.text.withStoreBytes { bytes in
                            for k in i..<end {
                                before(k, &out)
                                write(action(k), text: bytes, goals: goalsOf(k), shared: &shared, into: &out)
                            }
                        }
                        i = end
                    }
                }
            }
        }
    }

    /// What a run of actions reads besides the actions: the tables, and
    /// the last log path and day written, as bytes.
    private struct Shared {
        let pieces: QuotedStrings.Table
        let measures: QuotedStrings.Table
        let goals: QuotedStrings.Table
        var log: ObjectIdentifier?
        var path: [UInt8] = []
        var day = Int.min
        var date: [UInt8] = []

        /// The quoted path of the log `action` is in: made again only when
        /// the action's text is held by another store than the last one's.
        mutating func path(of action: UnsafePointer<Action>) {
            let store = ActionJSON.store(of: action)
            guard store != log else { return }
            path = QuotedStrings.quoted(action.pointee.path)
            log = store
        }

        /// The quoted day of `date`, made again when the day changes.
        mutating func date(_ date: CivilDate) {
            guard date.dayNumber != day else { return }
            var out = JSONBytes()
            out.appendQuoted(date)
            self.date = out.bytes
            day = date.dayNumber
        }

        /// The quoted id of the measure at `index` of the catalog.
        func measure(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            measures[index]
        }
    }

    /// The store holding `action`'s description (stored properties read in
    /// place: nothing copied, nothing counted).
    private static func store(of action: UnsafePointer<Action>) -> ObjectIdentifier {
        ObjectIdentifier(action.pointee.storedText.store)
    }

    /// Writes `action`, whose description is in `text` (its store's bytes).
    private func write(_ action: UnsafePointer<Action>, text: UnsafeBufferPointer<UInt8>, goals positions: UnsafeBufferPointer<Int32>,
                       shared: inout Shared, into out: inout JSONBytes) {
        shared.date(action.pointee.date)
        let description = ActionText.bytes(start: action.pointee.storedText.start, count: action.pointee.storedText.count, of: text)
        let quantityCount = action.pointee.quantities.count
        var room = fixedRoom + shared.path.count + shared.date.count + ByteWriter.quotedRoom(description.count)
        for k in 0..<quantityCount {
            room += quantityRoom + shared.measure(action.pointee.quantities[k].measureIndex).count
        }
        for p in positions { room += shared.goals[Int(p)].count + 2 }
        for k in 0..<action.pointee.tags.count { room += ByteWriter.quotedRoom(action.pointee.tags[k].utf8.count) + 2 }
        for k in 0..<action.pointee.links.count { room += ByteWriter.quotedRoom(action.pointee.links[k].goal.utf8.count) + 2 }
        // The writing reads no `shared` (a closure that did copied it: a
        // reference count per array it holds, per action).
        let (pieces, measures, goals) = (shared.pieces, shared.measures, shared.goals)
        shared.path.withUnsafeBufferPointer { path in
        shared.date.withUnsafeBufferPointer { date in
        out.write(room: room) { w in
            w.bytes(pieces[Piece.open.rawValue])
            w.bytes(path)
            w.bytes(pieces[Piece.line.rawValue])
            w.int(action.pointee.line)
            w.bytes(pieces[Piece.date.rawValue])
            w.bytes(date)
            w.bytes(pieces[Piece.time.rawValue])
            if let time = action.pointee.time { w.quoted(time) } else { w.bytes(pieces[Piece.null.rawValue]) }
            w.bytes(pieces[Piece.description.rawValue])
            w.quoted(description)
            w.bytes(pieces[Piece.quantities.rawValue])
            for k in 0..<quantityCount {
                w.bytes(pieces[(k == 0 ? Piece.firstQuantity : .nextQuantity).rawValue])
                w.bytes(measures[action.pointee.quantities[k].measureIndex])
                w.bytes(pieces[Piece.amount.rawValue])
                w.decimal(action.pointee.quantities[k].amount)
                w.bytes(pieces[Piece.quantityClose.rawValue])
            }
            w.bytes(pieces[(quantityCount > 0 ? Piece.quantitiesClose : .emptyClose).rawValue])
            w.bytes(pieces[Piece.goals.rawValue])
            for (k, p) in positions.enumerated() {
                if k > 0 { w.bytes(pieces[Piece.listSeparator.rawValue]) }
                w.bytes(goals[Int(p)])
            }
            w.bytes(pieces[Piece.listClose.rawValue])
            w.bytes(pieces[Piece.tags.rawValue])
            for k in 0..<action.pointee.tags.count {
                if k > 0 { w.bytes(pieces[Piece.listSeparator.rawValue]) }
                w.quoted(action.pointee.tags[k])
            }
            w.bytes(pieces[Piece.listClose.rawValue])
            w.bytes(pieces[Piece.links.rawValue])
            for k in 0..<action.pointee.links.count {
                if k > 0 { w.bytes(pieces[Piece.listSeparator.rawValue]) }
                w.quoted(action.pointee.links[k].goal)
            }
            w.bytes(pieces[Piece.listClose.rawValue])
            w.bytes(pieces[Piece.close.rawValue])
        }
        }
        }
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
