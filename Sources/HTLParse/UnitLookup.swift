import HTLModel

/// The measure named by a unit's bytes, without making a String: the log
/// parser asks once per quantity. Names are grouped by length and compared
/// byte for byte; a catalog has a few dozen names at most in practice, and
/// a long list of one length is still one pass.
struct UnitLookup {
    /// Per name length (index), the names of that length and their measure positions.
    private var byLength: [[(name: [UInt8], index: Int)]] = []
    /// Each measure's id, by position.
    private var ids: [[UInt8]] = []

    init(_ catalog: MeasureCatalog) {
        ids = catalog.measures.map { Array($0.id.utf8) }
        for name in catalog.allNames {
            guard let index = catalog.index(for: name) else { continue }
            let bytes = Array(name.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            // The first declaration of a name wins, as in the catalog.
            if !byLength[bytes.count].contains(where: { $0.name == bytes }) {
                byLength[bytes.count].append((bytes, index))
            }
        }
    }

    /// Whether `unit` is the id of measure `index` (not an alias of it).
    func isID(_ unit: UnsafeBufferPointer<UInt8>, of index: Int) -> Bool {
        UnitLookup.same(ids[index], unit)
    }

    /// The position in the catalog of the measure named `unit`.
    func index(for unit: UnsafeBufferPointer<UInt8>) -> Int? {
        guard unit.count < byLength.count else { return nil }
        for candidate in byLength[unit.count] where UnitLookup.same(candidate.name, unit) {
            return candidate.index
        }
        return nil
    }

    /// Byte by byte (a unit is a few bytes; `elementsEqual` went through
    /// the generic sequence protocol at ~120 instructions a compare).
    private static func same(_ name: [UInt8], _ unit: UnsafeBufferPointer<UInt8>) -> Bool {
        name.withUnsafeBufferPointer { name in
            guard name.count == unit.count else { return false }
            for k in 0..<name.count where name[k] != unit[k] { return false }
            return true
        }
    }
}
