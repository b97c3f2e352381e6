import HTLCore
import HTLModel

/// `htl.yaml` → `Settings` (FORMAT.md §3).
enum SettingsDecoder {
    static func decode(_ file: SourceFile, _ yaml: YAMLFile) -> (Settings, [Finding]) {
        var reader = FieldReader(path: file.path)
        var settings = Settings()
        guard let pairs = yaml.pairs else { return (settings, yaml.diagnostics) }
        reader.rejectUnknownKeys(pairs, schema: Schema.settings, in: "htl.yaml")
        var sawVersion = false
        for pair in pairs {
            let node = pair.value
            switch pair.name {
            case "htl":
                sawVersion = true
                if let version = reader.int(node, "htl", 1...Int.max) {
                    if version == 1 {
                        settings.version = 1
                    } else {
                        reader.report(.invalidValue, node, "htl must be 1 (the only format version), found \(version)")
                    }
                }
            case "title":
                settings.title = reader.text(node, "title")
            case "term_weeks":
                settings.termWeeks = reader.int(node, "term_weeks", 1...52) ?? Settings.defaultTermWeeks
            case "behind_margin":
                if let margin = reader.decimal(node, "behind_margin") {
                    if margin < .zero || margin > .one {
                        reader.report(
                            .invalidValue, node, "behind_margin must be a number from 0 to 1, found \(margin)")
                    } else {
                        settings.behindMargin = margin
                    }
                }
            case "week_start":
                settings.weekStart = reader.word(node, "week_start", Weekday.self) ?? .monday
            case "day_starts_at":
                settings.dayStartsAt = dayStart(node, &reader) ?? settings.dayStartsAt
            case "reminders":
                settings.reminders = reminders(node, &reader) ?? settings.reminders
            case "rules":
                settings.rules = decodeRules(node, &reader)
            default:
                break
            }
        }
        if !sawVersion {
            reader.diagnostics.append(
                Finding(
                    .missingField, SourceLocation(path: file.path, line: 1, column: 1),
                    "htl.yaml must declare the format version: 'htl: 1'", wholeFile: true))
        }
        return (settings, yaml.diagnostics + reader.diagnostics)
    }

    /// `day_starts_at: "04:00"`: a time of day, HH:MM.
    private static func dayStart(_ node: YAMLNode, _ reader: inout FieldReader) -> ClockTime? {
        guard let text = reader.text(node, "day_starts_at") else { return nil }
        guard let time = ClockTime.parse(text) else {
            reader.report(
                .invalidValue, node, "day_starts_at must be a time of day written HH:MM (24-hour), found '\(text)'")
            return nil
        }
        return time
    }

    /// `reminders: [1d, 2h, 30m, 1w]`: at most 10 lead times, each a whole
    /// number and a unit (w, d, h, m), at most a year, a repeated one once;
    /// nil (the default kept) when empty or after an error.
    private static func reminders(_ node: YAMLNode, _ reader: inout FieldReader) -> [Int]? {
        // `reminders:` with nothing after it is the default, as if not written; `[]` is none.
        if node.isNull { return nil }
        guard let items = reader.list(node, "reminders") else { return nil }
        guard items.count <= 10 else {
            reader.report(.invalidValue, node, "reminders takes at most 10 lead times, found \(items.count)")
            return nil
        }
        var minutes: [Int] = []
        for item in items {
            guard let text = reader.text(item, "reminders") else { return nil }
            let units = ["w": 10_080, "d": 1_440, "h": 60, "m": 1]
            let digits = text.utf8.dropLast()
            guard let unit = text.last.flatMap({ units[String($0)] }), (1...6).contains(digits.count),
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let n = Int(String(decoding: digits, as: UTF8.self)), n * unit <= 366 * 1_440
            else {
                reader.report(
                    .invalidValue, item,
                    "a reminder is a lead time such as 1d, 2h, 30m or 1w (at most a year), found '\(text)'")
                return nil
            }
            // The same lead time twice rings once.
            if !minutes.contains(n * unit) { minutes.append(n * unit) }
        }
        return minutes
    }

    private static func decodeRules(_ node: YAMLNode, _ reader: inout FieldReader) -> [RuleSetting] {
        guard let pairs = reader.mapping(node, "rules") else { return [] }
        var settings: [RuleSetting] = []
        let names = RuleID.allCases.map(\.rawValue)
        for pair in pairs {
            guard let rule = RuleID(rawValue: pair.name) else {
                reader.report(
                    .unknownField, pair.key, "unknown rule '\(pair.name)'" + Suggestion.didYouMean(pair.name, names),
                    help: "htl rules lists every rule")
                continue
            }
            guard let level = reader.word(pair.value, rule.rawValue, RuleSetting.Level.self) else { continue }
            // Whether the rule may be turned off is the checker's to say (invalid-value).
            settings.append(RuleSetting(rule: rule, level: level, location: reader.location(pair.value)))
        }
        return settings
    }
}
