import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// `htl explain RULE`: what a rule means, with a failing and a passing example.
public struct RuleExplanation: Sendable {
    public var file: String
    public var failing: String
    public var passing: String

    public static func of(_ rule: RuleID) -> RuleExplanation {
        switch rule {
        case .yamlSyntax:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run [far\n---", passing: "---\ntitle: \"Run [far\"\n---")
        case .encoding:
            return .init(file: "values/calm.md", failing: "(a file saved as Latin-1: caf\\xE9)", passing: "(the same file saved as UTF-8: café)")
        case .missingField:
            return .init(file: "goals/run.md", failing: "---\nimportance: 8\n---", passing: "---\ntitle: Run 100 km\nimportance: 8\n---")
        case .unknownField:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run\ndeadline: 2027-01-10\n---", passing: "---\ntitle: Run\ntarget: 2027-01-10\n---")
        case .invalidValue:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run\nimportance: 11\nstart: 2026-02-30\n---", passing: "---\ntitle: Run\nimportance: 10\nstart: 2026-02-28\n---")
        case .badID:
            return .init(file: "goals/Run Far.md", failing: "(file goals/Run Far.md)", passing: "(file goals/run-far.md)")
        case .duplicateID:
            return .init(file: "goals/", failing: "goals/run.md and goals/2025/run.md", passing: "goals/run.md and goals/2025/run-2025.md")
        case .dateOrder:
            return .init(file: "goals/run.md", failing: "start: 2027-01-10\ntarget: 2026-11-02", passing: "start: 2026-11-02\ntarget: 2027-01-10")
        case .unknownMeasure:
            return .init(file: "goals/run.md", failing: "targets:\n  miles: 60", passing: "targets:\n  km: 100        # km is declared in measures.yaml")
        case .unknownValue:
            return .init(file: "goals/run.md", failing: "values:\n  helth: 9", passing: "values:\n  health: 9      # values/health.md exists")
        case .unknownTerm:
            return .init(file: "goals/run.md", failing: "term: 9        # no term has number 9", passing: "term: 7        # terms/term-7.md has number: 7")
        case .unknownGoal:
            return .init(file: "log/2026.log", failing: "2026-11-20 Run 5km +run-100", passing: "2026-11-20 Run 5km +run-100km")
        case .unknownUnit:
            return .init(file: "log/2026.log", failing: "2026-11-20 Run 5kms came 2nd", passing: "2026-11-20 Run 5km came \"2nd\"")
        case .badLogLine:
            return .init(file: "log/2026.log", failing: "20/11/2026 Run 5km\n2026-11-20 Read \"Dune", passing: "2026-11-20 Run 5km\n2026-11-20 Read \"Dune\"")
        case .badQuantity:
            return .init(file: "log/2026.log", failing: "2026-11-20 Swim .5km", passing: "2026-11-20 Swim 0.5km")
        case .badEntry:
            return .init(file: "log/", failing: "(log/shared.log, a symbolic link to /home/you/elsewhere.log)", passing: "(log/shared.log, a file inside the ledger)")
        case .emptyAction:
            return .init(file: "log/2026.log", failing: "2026-11-20 07:10 #running", passing: "2026-11-20 07:10 Easy run 5km #running")
        case .duplicateQuantity:
            return .init(file: "log/2026.log", failing: "2026-11-20 Two runs 5km 3km", passing: "2026-11-20 Two runs 8km")
        case .zeroQuantity:
            return .init(file: "log/2026.log", failing: "2026-11-20 Rest day 0km", passing: "2026-11-20 Rest day")
        case .badConversion:
            return .init(file: "measures.yaml", failing: "hours:\n  type: time\n  equals: 60 km", passing: "hours:\n  type: time\n  equals: 60 min")
        case .logRewrite:
            return .init(file: "log/2026.log", failing: "(a committed line edited: 5km → 6km)", passing: "(a correction appended: 2026-11-21 Fix 1km +run-100km)")
        case .goalNotMeasurable:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run more\n---", passing: "---\ntitle: Run more\ntargets:\n  km: 100\n---")
        case .goalNotTimeBound:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run 100 km\n---", passing: "---\ntitle: Run 100 km\ntarget: 2027-01-10\n---")
        case .goalNoValues:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run 100 km\n---", passing: "---\ntitle: Run 100 km\nvalues:\n  health: 9\n---")
        case .goalNoPlan:
            return .init(file: "goals/run.md", failing: "---\ntitle: Run 100 km\n---\nSome day.", passing: "---\ntitle: Run 100 km\n---\n## Action plan\n- Three runs a week")
        case .futureAction:
            return .init(file: "log/2026.log", failing: "2099-01-01 Run 5km", passing: "2026-11-20 Run 5km")
        case .linkOutsideWindow:
            return .init(file: "log/2026.log", failing: "2026-10-01 Run 5km +run-100km   # goal starts 2026-11-02", passing: "2026-11-03 Run 5km +run-100km")
        case .termOverlap:
            return .init(file: "terms/term-8.md", failing: "number: 8\nstart: 2027-01-01   # term 7 ends 2027-01-10", passing: "number: 8\nstart: 2027-01-11")
        case .goalOutsideTerm:
            return .init(file: "goals/run.md", failing: "target: 2026-05-01\nterm: 7     # term 7 starts 2026-11-02", passing: "target: 2027-01-10\nterm: 7")
        case .goalLongerThanTerm:
            return .init(file: "goals/run.md", failing: "start: 2026-01-01\ntarget: 2026-12-31", passing: "start: 2026-11-02\ntarget: 2027-01-10")
        case .valueNoGuidance:
            return .init(file: "values/health.md", failing: "title: Health\nlevel: major", passing: "title: Health\nlevel: major\nguidance: Move every day.")
        case .unformatted:
            return .init(file: "goals/run.md", failing: "---\ntargets: {km: 100}\ntitle: Run\n---", passing: "---\ntitle: Run\ntargets:\n  km: 100\n---")
        }
    }

    /// The text `htl explain` prints.
    public static func text(_ rule: RuleID) -> String {
        let e = of(rule)
        var out = "\(rule.rawValue) (\(rule.defaultSeverity.rawValue) by default"
        out += rule.canBeTurnedOff ? ", can be turned off" : ", can be lowered to warning"
        out += ")\n\n\(rule.summary).\n\n"
        out += "Fails, in \(e.file):\n" + indent(e.failing) + "\nPasses:\n" + indent(e.passing)
        out += "\nSet its severity in htl.yaml:\n    rules:\n      \(rule.rawValue): \(rule.canBeTurnedOff ? "off" : "warning")\n"
        return out
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
    }
}
