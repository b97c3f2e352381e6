import HTLCore

/// The log's actions grouped by a name (the goal a link names, a tag): all
/// groups in one flat array, a group's actions next to each other in log
/// order, found by the name's number.
///
/// Built like a counting sort. Slices of the log, on every core, each
/// number the names they meet and list their entries (`Slice`); the names
/// are then numbered for the whole log (slice by slice, so the numbers
/// never depend on timing), each group's room is counted out, and every
/// slice writes its entries into their places. A list per name, grown one
/// entry at a time and joined at the end, was copied as it grew and joined
/// on one core: at a million actions, most of a `status`.
struct DatedGroups: Sendable {
    /// One slice of the log: the names it met, numbered in its own order,
    /// and its entries in log order.
    struct Slice: Sendable {
        fileprivate var names = IdentifierTable()
        fileprivate var counts: [Int] = []
        fileprivate var entries: [(number: Int32, action: ActionIndex.Dated)] = []

        init(expecting count: Int) {
            entries.reserveCapacity(count)
        }

        mutating func add(_ action: ActionIndex.Dated, under name: String) {
            let n = names.insert(name)
            if n == counts.count { counts.append(0) }
            counts[n] += 1
            entries.append((Int32(n), action))
        }
    }

    private var names = IdentifierTable()
    /// Group `n` is `all[starts[n]..<starts[n + 1]]`.
    private var starts: [Int] = [0]
    private(set) var all: [ActionIndex.Dated] = []

    init() {}

    init(_ slices: [Slice]) {
        // Each slice's numbers as the log's, and the room of each group.
        var counts: [Int] = []
        let numbers = slices.map { slice in
            slice.names.names.indices.map { local in
                let n = names.insert(slice.names.names[local])
                if n == counts.count { counts.append(0) }
                counts[n] += slice.counts[local]
                return n
            }
        }
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        // Where each slice's first entry of each of its names goes: after the earlier slices'.
        var next = Array(starts.dropLast())
        let places = numbers.indices.map { s in
            numbers[s].indices.map { local in
                defer { next[numbers[s][local]] += slices[s].counts[local] }
                return next[numbers[s][local]]
            }
        }
        // Placed by runs of groups on every core: each run is one stretch of `all`, and
        // its job reads every slice in order and keeps its groups' entries.
        let starts = starts
        // One run per core: every run reads every slice.
        let runs = Parallel.slices(counts.count, pieces: Parallel.cores)
        all = [ActionIndex.Dated](repeating: ActionIndex.Dated(day: 0, index: 0), count: starts[starts.count - 1])
        Parallel.write(into: &all, ranges: runs.map { starts[$0.lowerBound]..<starts[$0.upperBound] }) { r, run in
            let first = starts[runs[r].lowerBound]
            for s in slices.indices {
                var places = places[s]
                for entry in slices[s].entries {
                    let n = numbers[s][Int(entry.number)]
                    guard runs[r].contains(n) else { continue }
                    run[places[Int(entry.number)] - first] = entry.action
                    places[Int(entry.number)] += 1
                }
            }
        }
    }

    /// The positions in `all` of the group under `name` (empty when no action has it).
    func range(of name: String) -> Range<Int> {
        guard let n = names.number(of: name) else { return 0..<0 }
        return starts[n]..<starts[n + 1]
    }

    /// Every group's range, by number.
    var ranges: [Range<Int>] {
        names.names.indices.map { starts[$0]..<starts[$0 + 1] }
    }

    /// Sorts each group's actions by `areInOrder`, where they are not
    /// already (checked in one pass: a log written in date order needs none).
    mutating func sortEachGroup(by areInOrder: (ActionIndex.Dated, ActionIndex.Dated) -> Bool) {
        for range in ranges where !zip(all[range], all[range].dropFirst()).allSatisfy({ areInOrder($0, $1) }) {
            all[range].sort(by: areInOrder)
        }
    }
}
