import HTLCore
import HTLModel

/// `measures.yaml` → `MeasureCatalog` with checked conversions (FORMAT.md §4).
enum MeasuresDecoder {
    /// The catalog, the findings, and whether the file could be read at all.
    static func decode(_ file: SourceFile, _ yaml: YAMLFile) -> (MeasureCatalog, [Finding], Bool) {
        var reader = FieldReader(path: file.path)
        guard let pairs = yaml.pairs else { return (MeasureCatalog(), yaml.diagnostics, false) }
        var measures: [Measure] = []
        // Measures whose type was unreadable: their conversions are not judged by type.
        var unknownKinds = Set<String>()
        // Every id and alias seen so far, with the measure that owns it.
        var owners: [String: String] = [:]
        for pair in pairs {
            let id = pair.name
            let keyLocation = reader.location(pair.key)
            if !Identifier.isValidMeasureName(id) {
                reader.report(
                    .badID, pair.key,
                    "measure id '\(id)' must be lowercase letters, digits and '_', starting with a letter")
            }
            if id == Goal.actionsMeasure {
                reader.report(
                    .invalidValue, pair.key, Self.reservedActions,
                    help: "name the measure after what it counts (sessions, runs)")
            }
            if let owner = owners[id] {
                // A repeated id is a duplicate YAML key, reported by the parser.
                if owner != id {
                    reader.report(.duplicateID, pair.key, "'\(id)' is already an alias of measure '\(owner)'")
                }
            } else {
                owners[id] = id
            }
            var measure = Measure(id: id, location: keyLocation)
            if let fields = reader.mapping(pair.value, id) {
                reader.rejectUnknownKeys(fields, schema: Schema.measure, in: "measure '\(id)'")
                for field in fields {
                    let node = field.value
                    switch field.name {
                    case "title":
                        if let title = reader.text(node, "title") { measure.title = title }
                    case "type":
                        if let kind = reader.word(node, "type", Measure.Kind.self) {
                            measure.kind = kind
                        } else {
                            unknownKinds.insert(id)
                        }
                    case "aliases":
                        for item in reader.list(node, "aliases") ?? [] {
                            guard let alias = reader.scalar(item, "alias", expected: "a name") else { continue }
                            if !Identifier.isValidMeasureName(alias) {
                                reader.report(
                                    .badID, item,
                                    "alias '\(alias)' must be lowercase letters, digits and '_', starting with a letter"
                                )
                            }
                            if alias == Goal.actionsMeasure {
                                reader.report(.invalidValue, item, Self.reservedActions)
                                continue
                            }
                            if let owner = owners[alias] {
                                let what =
                                    owner == alias ? "the id of measure '\(owner)'" : "a name of measure '\(owner)'"
                                reader.report(.duplicateID, item, "alias '\(alias)' is already \(what)")
                                continue
                            }
                            owners[alias] = id
                            measure.aliases.append(alias)
                        }
                    case "equals":
                        measure.equals = conversion(node, &reader)
                    default:
                        break
                    }
                }
            }
            measures.append(measure)
        }
        var catalog = MeasureCatalog(measures: measures)
        reader.diagnostics += checkConversions(&catalog, unknownKinds: unknownKinds)
        return (catalog, yaml.diagnostics + reader.diagnostics, true)
    }

    static let reservedActions = "'actions' is reserved: targets and cadences use it to count a goal's actions"

    /// `equals: 60 min` (a space between amount and unit is optional).
    private static func conversion(_ node: YAMLNode, _ reader: inout FieldReader) -> Measure.Conversion? {
        guard let text = reader.scalar(node, "equals", expected: "an amount and a unit such as '60 min'") else {
            return nil
        }
        let bytes = Array(text.utf8)
        var split = 0
        while split < bytes.count,
            digit(bytes[split]) != nil || bytes[split] == UInt8(ascii: ".") || bytes[split] == UInt8(ascii: "-")
        {
            split += 1
        }
        let unit = String(decoding: bytes[split...].drop { $0 == 0x20 }, as: UTF8.self)
        guard split > 0, !unit.isEmpty, case .success(let amount) = ExactDecimal.parse(bytes[..<split]) else {
            reader.report(
                .invalidValue, node,
                "equals must be an amount and a unit such as '60 min', found \(FieldReader.found(node))")
            return nil
        }
        guard amount.isPositive else {
            reader.report(.invalidValue, node, "equals must be greater than 0, found \(amount)")
            return nil
        }
        return Measure.Conversion(amount: amount, unit: unit, location: reader.location(node))
    }

    /// Unknown units, conversions across types and cycles. Installs the
    /// conversions that pass into the catalog.
    private static func checkConversions(_ catalog: inout MeasureCatalog, unknownKinds: Set<String>) -> [Finding] {
        var diagnostics: [Finding] = []
        let measures = catalog.measures
        var usable = [Bool](repeating: false, count: measures.count)
        var indexByID: [String: Int] = [:]
        for (i, m) in measures.enumerated() where indexByID[m.id] == nil { indexByID[m.id] = i }
        for (i, m) in measures.enumerated() {
            guard let eq = m.equals else { continue }
            guard let targetID = catalog.measureID(for: eq.unit), let target = indexByID[targetID] else {
                diagnostics.append(
                    Finding(
                        .unknownMeasure, eq.location,
                        "conversion to unknown measure '\(eq.unit)'" + Suggestion.didYouMean(eq.unit, catalog.allNames))
                )
                continue
            }
            if measures[target].kind != m.kind {
                if !unknownKinds.contains(m.id), !unknownKinds.contains(targetID) {
                    diagnostics.append(
                        Finding(
                            .badConversion, eq.location,
                            "cannot convert '\(m.id)' (type \(m.kind.rawValue)) to '\(targetID)' (type "
                                + "\(measures[target].kind.rawValue))"
                        ))
                }
                continue
            }
            usable[i] = true
        }
        // Cycles: follow each chain; a chain that returns to a measure on it is a cycle.
        var state = [UInt8](repeating: 0, count: measures.count)  // 0 new, 1 on the current path, 2 done
        for start in measures.indices where state[start] == 0 {
            var path: [Int] = []
            var current: Int? = start
            while let c = current, state[c] == 0 {
                state[c] = 1
                path.append(c)
                current =
                    usable[c]
                    ? measures[c].equals.flatMap { catalog.measureID(for: $0.unit) }.flatMap { indexByID[$0] } : nil
            }
            if let c = current, state[c] == 1, let at = path.firstIndex(of: c) {
                let cycle = Array(path[at...])
                let names = (cycle + [c]).map { measures[$0].id }.joined(separator: " → ")
                let first = cycle.min { measures[$0].location < measures[$1].location }!
                diagnostics.append(
                    Finding(.badConversion, measures[first].equals!.location, "conversions form a cycle: \(names)"))
                for m in cycle { usable[m] = false }
            }
            for m in path { state[m] = 2 }
        }
        for m in catalog.installConversions(usable: usable) {
            if let eq = measures[m].equals {
                diagnostics.append(
                    Finding(
                        .badConversion, eq.location,
                        "the conversions from '\(measures[m].id)' multiply to a factor too large to compute exactly"))
            }
        }
        return diagnostics
    }
}
