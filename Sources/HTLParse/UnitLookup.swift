import HTLModel

/// The measure named by a unit's bytes, without making a String: the log
/// parser asks once per quantity. Names are grouped by length and compared
/// byte for byte; a catalog has a few dozen names at most in practice, and
/// a long list of one length is still one pass. The names' bytes are one
/// run and the answer holds no array: a lookup counts no references (an
/// array per name, handed out with each answer, was two reference counts
/// per quantity).
struct UnitLookup {
    /// What a name stands for: its measure's position, and whether it is the id (not an alias).
    struct Name {
        var index: Int
        var isID: Bool
    }

    /// A name: where its bytes are in `bytes`, and what it stands for.
    private struct Entry {
        var start: Int
        var name: Name
    }

    /// Every name's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// The names, shortest first; names of length n are `entries[firstOfLength[n]..<firstOfLength[n + 1]]`.
    private var entries: [Entry] = []
    private var firstOfLength: [Int] = [0]

    init(_ catalog: MeasureCatalog) {
        var byLength: [[(bytes: [UInt8], name: Name)]] = []
        for name in catalog.allNames {
            guard let index = catalog.index(for: name) else { continue }
            let nameBytes = Array(name.utf8)
            while byLength.count <= nameBytes.count { byLength.append([]) }
            // The first declaration of a name wins, as in the catalog.
            if !byLength[nameBytes.count].contains(where: { $0.bytes == nameBytes }) {
                byLength[nameBytes.count].append(
                    (nameBytes, Name(index: index, isID: name == catalog.measures[index].id)))
            }
        }
        for names in byLength {
            for (nameBytes, name) in names {
                entries.append(Entry(start: bytes.count, name: name))
                bytes += nameBytes
            }
            firstOfLength.append(entries.count)
        }
    }

    /// The name `unit` spells: its measure's position in the catalog, and
    /// whether it is the measure's id.
    func name(_ unit: Span<UInt8>) -> Name? {
        let length = unit.count
        guard length + 1 < firstOfLength.count else { return nil }
        let names = bytes.span
        for k in firstOfLength[length]..<firstOfLength[length + 1] {
            let start = entries[k].start
            var j = 0
            while j < length, names[start + j] == unit[j] { j += 1 }
            if j == length { return entries[k].name }
        }
        return nil
    }

    /// The position in the catalog of the measure named `unit`.
    func index(for unit: Span<UInt8>) -> Int? {
        name(unit)?.index
    }
}
