import HTLCore
import HTLEdit
import HTLModel

/// Units named by an export, resolved to the ledger's measures. A unit the
/// ledger does not know becomes a new measure, added at the end of
/// measures.yaml with its type and, for well-known units, its aliases and
/// its conversion to a unit of the same type that the ledger has
/// (`hours: equals: 60 min`), so minutes logged count toward an hours target.
struct MeasurePlanner {
    struct NewMeasure: Equatable {
        var id: String
        var title: String
        var kind: Measure.Kind
        var aliases: [String]
        var equals: KnownUnit.Conversion?
    }

    private let catalog: MeasureCatalog
    private(set) var added: [NewMeasure] = []
    /// The ids and aliases of `added`, to their position.
    private var addedNames: [String: Int] = [:]
    /// The next `_N` to try for a measure id made from a unit.
    private var nextSuffix: [String: Int] = [:]

    init(catalog: MeasureCatalog) {
        self.catalog = catalog
    }

    /// The measure id for an exported unit; nil for an empty unit.
    mutating func measure(unit: String, title: String = "", type: String = "") -> String? {
        let name = unit.trimmingSpaces.lowercased()
        guard !name.isEmpty else { return nil }
        if let id = existing(name) { return id }
        if let known = KnownUnit.named(name) {
            for name in [known.id] + known.aliases {
                if let id = existing(name) { return id }
            }
            add(
                NewMeasure(
                    id: known.id, title: title.isEmpty ? known.title : title, kind: KnownUnit.kind(type) ?? known.kind,
                    aliases: known.aliases.filter { existing($0) == nil }, equals: known.equals))
            // Its conversion's unit comes too, so that minutes logged later count toward hours.
            if let base = known.equals?.unit { _ = measure(unit: base) }
            return known.id
        }
        let id = freshID(for: name, title: title)
        add(
            NewMeasure(
                id: id, title: title.isEmpty ? unit.trimmingSpaces : title,
                kind: KnownUnit.kind(type) ?? .other, aliases: [], equals: nil))
        return id
    }

    private mutating func add(_ measure: NewMeasure) {
        for name in [measure.id] + measure.aliases { addedNames[name] = added.count }
        added.append(measure)
    }

    /// The type of a measure this planner resolved (or the ledger has).
    func kind(of id: String) -> Measure.Kind? {
        addedNames[id].map { added[$0].kind } ?? catalog.measure(named: id)?.kind
    }

    private func existing(_ name: String) -> String? {
        if let id = catalog.measureID(for: name) { return id }
        return addedNames[name].map { added[$0].id }
    }

    /// A measure id made from the unit (`Glasses of water` → `glasses_of_water`).
    private mutating func freshID(for unit: String, title: String) -> String {
        var out: [UInt8] = []
        for b in (unit + " ").utf8 {
            if Identifier.isLowerAlnum(b) {
                if out.isEmpty, b < 0x61 { out += Array("n".utf8) }
                out.append(b)
            } else if let last = out.last, last != UInt8(ascii: "_") {
                out.append(UInt8(ascii: "_"))
            }
        }
        while out.last == UInt8(ascii: "_") { out.removeLast() }
        let base = out.isEmpty ? "measure" : String(decoding: out.prefix(40), as: UTF8.self)
        var candidate = base
        var n = nextSuffix[base] ?? 2
        while existing(candidate) != nil {
            candidate = base + "_\(n)"
            n += 1
        }
        nextSuffix[base] = n
        return candidate
    }

    /// The YAML of the new measures, to append to measures.yaml. A conversion
    /// is written only when the measure it names exists with the same type.
    func yaml() -> String {
        var text = ""
        for m in added {
            var equals: String?
            if let conversion = m.equals, let target = existing(conversion.unit), kind(of: target) == m.kind {
                equals = "\(conversion.amount) \(target)"
            }
            text += KnownUnit.entry(id: m.id, title: m.title, kind: m.kind, aliases: m.aliases, equals: equals)
        }
        return text
    }

    /// Whether a measures.yaml declares nothing: only comments and blank
    /// lines, perhaps around an empty flow mapping `{}`.
    static func isEmptyMapping(_ bytes: [UInt8]) -> Bool {
        var content: [UInt8] = []
        for line in TextLines.split(bytes) where !isComment(line) {
            content += line.filter { $0 != 0x20 && $0 != 0x09 }
        }
        return content.isEmpty || content == Array("{}".utf8)
    }

    /// The comment and blank lines of a measures.yaml that declares nothing.
    static func commentsOnly(_ bytes: [UInt8]) -> [UInt8] {
        TextLines.split(bytes).filter(isComment).flatMap { Array($0) + [0x0A] }
    }

    static func isComment(_ line: ArraySlice<UInt8>) -> Bool {
        let first = line.first { $0 != 0x20 && $0 != 0x09 }
        return first == nil || first == UInt8(ascii: "#")
    }
}
