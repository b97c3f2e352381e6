import HTLModel

/// The measure named by a unit's bytes, without making a String: the log
/// parser asks once per quantity. Names are grouped by length and compared
/// byte for byte; a catalog has a few dozen names at most in practice, and
/// a long list of one length is still one pass.
struct UnitLookup {
    /// Per name length (index), the names of that length and their measure positions.
    private var byLength: [[(name: [UInt8], index: Int)]] = []

    init(_ catalog: MeasureCatalog) {
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

    /// The position in the catalog of the measure named `unit`.
    func index(for unit: UnsafeBufferPointer<UInt8>) -> Int? {
        guard unit.count < byLength.count else { return nil }
        for candidate in byLength[unit.count] where candidate.name.withUnsafeBufferPointer({ $0.elementsEqual(unit) }) {
            return candidate.index
        }
        return nil
    }
}
