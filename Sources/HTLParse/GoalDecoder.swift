import HTLCore
import HTLModel

/// `goals/<id>.md` → `Goal` (FORMAT.md §5.3), including the body scan for
/// the Action plan section and the checklist.
enum GoalDecoder {
    static func decode(_ file: SourceFile, _ yaml: YAMLFile) -> (Goal?, [Finding]) {
        var reader = FieldReader(path: file.path)
        let id = LedgerLayout.entityID(of: file.path)
        let top = SourceLocation(path: file.path, line: 1, column: 1)
        guard let pairs = yaml.pairs else { return (nil, yaml.diagnostics) }
        // The kind decides defaults and which keys are allowed, so read it first.
        var kind = Goal.Kind.goal
        // By index: `first(where:)` copied every pair it passed over.
        if let k = pairs.index(ofKey: "kind") { kind = reader.word(pairs[k].value, "kind", Goal.Kind.self) ?? .goal }
        var goal = Goal(
            id: id, path: file.path, title: id, kind: kind, importance: kind.defaultImportance,
            urgency: kind.defaultUrgency, start: nil, target: nil, weeks: nil, terms: [], targets: [],
            values: [], tags: [], requestedBy: nil, consequence: nil, status: .active,
            hasActionPlan: false, checklist: [])
        var startNode: YAMLNode?
        // Each pair read where it lies in the list (a pair taken out of it by
        // `for pair in pairs` was a copy of both its nodes, every String and
        // list in them counted once more).
        for k in pairs.indices { read(pairs, k, into: &goal, startNode: &startNode, &reader) }
        if pairs.index(ofKey: "title") == nil {
            reader.diagnostics.append(
                Finding(.missingField, top, "\(kind.rawValue) '\(id)' has no title", wholeFile: true))
        }
        if kind != .goal, pairs.index(ofKey: "target") == nil {
            reader.diagnostics.append(
                Finding(
                    .missingField, top, "a \(kind.rawValue) needs a target date ('target: YYYY-MM-DD')", wholeFile: true
                ))
        }
        if let start = goal.start, let target = goal.target, start > target, let startNode {
            reader.report(.dateOrder, startNode, "start (\(start)) is after target (\(target))")
        }
        if let body = yaml.body {
            let scan = MarkdownBody.scan(yaml.bytes, range: body, firstLine: yaml.bodyFirstLine)
            goal.hasActionPlan = scan.hasActionPlan
            goal.checklist = scan.checklist
        }
        return (goal, yaml.diagnostics + reader.diagnostics)
    }

    /// The key at `k` of a goal's front matter into `goal` (its kind already
    /// read). The pair is read where it lies: handed over by value, each pair
    /// was copied whole.
    private static func read(
        _ pairs: [YAMLPair], _ k: Int, into goal: inout Goal, startNode: inout YAMLNode?, _ reader: inout FieldReader
    ) {
        let name = pairs.keyName(at: k)
        switch name {
        case "title":
            if let title = reader.text(pairs[k].value, "title") { goal.title = title }
        case "importance":
            goal.importance = reader.int(pairs[k].value, "importance", 1...10) ?? goal.importance
        case "urgency":
            goal.urgency = reader.int(pairs[k].value, "urgency", 1...10) ?? goal.urgency
        case "start":
            if goal.kind == .milestone {
                reader.report(.invalidValue, pairs[k].key, "a milestone has no start date, only a target date")
            } else {
                goal.start = reader.date(pairs[k].value, "start")
                goal.startLocation = reader.location(pairs[k].value)
                startNode = pairs[k].value
            }
        case "target":
            goal.target = reader.date(pairs[k].value, "target")
            goal.targetLocation = reader.location(pairs[k].value)
        case "weeks":
            goal.weeks = reader.int(pairs[k].value, "weeks", 1...52)
        case "term":
            goal.terms = termReferences(pairs[k].value, &reader)
        case "targets":
            goal.targets = targets(pairs[k].value, &reader)
        case "values":
            goal.values = alignments(pairs[k].value, &reader)
        case "tags":
            goal.tags = tags(pairs[k].value, &reader)
        case "cadence":
            goal.cadences = cadences(pairs[k].value, &reader)
        case "breaks":
            goal.breaks = breaks(pairs[k].value, &reader)
        case "requested_by", "consequence":
            if goal.kind != .obligation {
                reader.report(.invalidValue, pairs[k].key, "\(name) is only for obligations (kind: obligation)")
            } else if let text = reader.text(pairs[k].value, name) {
                if name == "requested_by" { goal.requestedBy = text } else { goal.consequence = text }
            }
        case "status":
            goal.status = reader.word(pairs[k].value, "status", Goal.Status.self) ?? .active
        case "kind":
            break  // read first
        default:  // every key of `Schema.goal` has its case above: this one is unknown
            reader.rejectUnknownKey(pairs[k], schema: Schema.goal, in: "a goal")
        }
    }

    private static func termReferences(_ node: YAMLNode, _ reader: inout FieldReader) -> [Goal.TermReference] {
        let items = node.items ?? [node]
        guard reader.plainData(node, "term") else { return [] }
        return items.compactMap { item in
            reader.int(item, "term", 1...Int.max).map {
                Goal.TermReference(number: $0, location: reader.location(item))
            }
        }
    }

    private static func targets(_ node: YAMLNode, _ reader: inout FieldReader) -> [Goal.Target] {
        guard let pairs = reader.mapping(node, "targets") else { return [] }
        return pairs.compactMap { pair in
            guard let amount = reader.decimal(pair.value, "target for \(pair.name)") else { return nil }
            guard amount.isPositive else {
                reader.report(
                    .invalidValue, pair.value, "target for \(pair.name) must be greater than 0, found \(amount)")
                return nil
            }
            return Goal.Target(measure: pair.name, amount: amount, location: reader.location(pair.key))
        }
    }

    /// `cadence:` a mapping of measure → rule (`actions: 3/week`).
    private static func cadences(_ node: YAMLNode, _ reader: inout FieldReader) -> [Cadence] {
        guard let pairs = reader.mapping(node, "cadence") else { return [] }
        return pairs.compactMap { pair in
            guard let text = reader.scalar(pair.value, "cadence for \(pair.name)", expected: "a rule such as 3/week")
            else { return nil }
            guard let rule = CadenceRule.parse(text) else {
                if let problem = CadenceRule.amountProblem(text) {
                    reader.report(.invalidValue, pair.value, "cadence for \(pair.name) is \(text): \(problem)")
                    return nil
                }
                let meant = CadenceRule.suggestion(for: text)
                reader.report(
                    .invalidValue, pair.value,
                    "cadence for \(pair.name) must be N/day, N/week or N/month (at most: <=N/week), found "
                        + "\(FieldReader.found(pair.value))"
                        + (meant.map { " (did you mean '\($0)'?)" } ?? ""),
                    help: text.hasPrefix("0/") ? "a rhythm needs an amount above 0; '<=0/week' means never" : nil)
                return nil
            }
            return Cadence(
                measure: pair.name, amount: rule.amount, atMost: rule.atMost, period: rule.period,
                location: reader.location(pair.key))
        }
    }

    /// `breaks:` inclusive date ranges, `[2026-12-21..2027-01-03]` (one range alone is a list of one).
    private static func breaks(_ node: YAMLNode, _ reader: inout FieldReader) -> [Goal.Break] {
        guard reader.plainData(node, "breaks") else { return [] }
        return (node.items ?? [node]).compactMap { item -> Goal.Break? in
            guard let text = reader.scalar(item, "break", expected: "two dates 'YYYY-MM-DD..YYYY-MM-DD'") else {
                return nil
            }
            guard let (start, end) = DateRange.parse(text) else {
                let unreal = text.split(separator: "..").map(String.init).lazy
                    .compactMap { half in CivilDate.whyNotReal(half).map { "break: \(half) is not a real date: \($0)" }
                    }.first
                reader.report(
                    .invalidValue, item,
                    unreal ?? "a break must be two dates 'YYYY-MM-DD..YYYY-MM-DD', found \(FieldReader.found(item))")
                return nil
            }
            guard start <= end else {
                reader.report(.dateOrder, item, "break \(text) starts after it ends")
                return nil
            }
            return Goal.Break(days: DateRange(start: start, end: end), location: reader.location(item))
        }
    }

    private static func alignments(_ node: YAMLNode, _ reader: inout FieldReader) -> [Goal.Alignment] {
        guard let pairs = reader.mapping(node, "values") else { return [] }
        return pairs.compactMap { pair in
            reader.int(pair.value, "alignment with \(pair.name)", 1...10).map {
                Goal.Alignment(value: pair.name, strength: $0, location: reader.location(pair.key))
            }
        }
    }

    private static func tags(_ node: YAMLNode, _ reader: inout FieldReader) -> [String] {
        var tags: [String] = []
        // Looked for in the list while it is short (a goal has a tag or two: a
        // Set hashed each one); a set once it is long (a goal of 160,000 tags).
        var seen: Set<String>?
        for item in reader.list(node, "tags") ?? [] {
            guard let text = reader.scalar(item, "tag", expected: "a tag") else { continue }
            guard Identifier.isValidTag(text) else {
                let hint = text.hasPrefix("#") ? " (write tags without '#')" : ""
                reader.report(.invalidValue, item, "tag '\(text)' may only use letters, digits, '-' and '_'" + hint)
                continue
            }
            let tag = Identifier.lowercasedASCII(text.utf8)
            guard tag != Action.correctionTag else {
                reader.report(
                    .invalidValue, item, "'correction' is a reserved tag: it marks log lines that correct others")
                continue
            }
            if seen == nil, tags.count >= 16 { seen = Set(tags) }
            if seen?.insert(tag).inserted ?? !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }
}
