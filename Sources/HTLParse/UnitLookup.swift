import HTLModel

/// The measure named by a unit's bytes, without making a String: the log
/// parser asks once per quantity. Names are grouped by length and compared
/// byte for byte; a catalog has a few dozen names at most in practice, and
/// a long list of one length is still one pass.
struct UnitLookup {
    /// A name: its bytes, its measure's position, and whether it is the id (not an alias).
    typealias Name = (bytes: [UInt8], index: Int, isID: Bool)

    /// Per name length (index), the names of that length.
    private var byLength: [[Name]] = []

    init(_ catalog: MeasureCatalog) {
        for name in catalog.allNames {
            guard let index = catalog.index(for: name) else { continue }
            let bytes = Array(name.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            // The first declaration of a name wins, as in the catalog.
            if !byLength[bytes.count].contains(where: { $0.bytes == bytes }) {
                byLength[bytes.count].append((bytes, index, name == catalog.measures[index].id))
            }
        }
    }

    /// The name `unit` spells: its measure's position in the catalog, and
    /// whether it is the measure's id.
    func name(_ unit: UnsafeBufferPointer<UInt8>) -> Name? {
        guard unit.count < byLength.count else { return nil }
        return byLength[unit.count].first { UnitLookup.same($0.bytes, unit) }
    }

    /// The position in the catalog of the measure named `unit`.
    func index(for unit: UnsafeBufferPointer<UInt8>) -> Int? {
        name(unit)?.index
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
