import HTLCore

/// Everything about one rule, in one place: its id, default severity,
/// whether `rules:` may turn it off, a one-line summary, a failing and a
/// passing example (tested: the failing one holds several marked cases and
/// produces exactly the findings listed for its marks, the passing one
/// nothing; see `RuleExample`), and its check when it is a rule over the
/// model. Rules found while reading (a bad date in the log, broken YAML)
/// have no check here: the parser reports them, their descriptor says which
/// part does (`reportedBy`), and its file's documentation names the code.
public struct RuleDescriptor: Sendable {
    package enum Origin: String, Sendable {
        /// A check over the model (`check`).
        case model
        case logParser = "the log parser"
        case fileReader = "the reader of front matter and YAML files"
        case directory = "the reading of the ledger folder"
        case git = "the comparison with the committed log (git)"
        case formatter = "htl fmt"
    }

    public let id: RuleID
    public let severity: Severity
    /// Errors can be lowered to warnings but not turned off, except those
    /// that depend on a workflow (`log-rewrite`, `unformatted`).
    package let canBeTurnedOff: Bool
    public let summary: String
    /// The examples are made when asked (`htl explain`, `htl rules`, the
    /// tests): building their texts for every rule cost each run of htl
    /// ~0.3 ms at start-up.
    public var failing: RuleExample { makeFailing() }
    public var passing: RuleExample { makePassing() }
    private let makeFailing: @Sendable () -> RuleExample
    private let makePassing: @Sendable () -> RuleExample
    package let reportedBy: Origin
    /// The check of a model rule: the ledger (and which part of the work,
    /// for a rule checked in `parts`) in, its findings out.
    let check: (@Sendable (RuleContext, RulePart) -> [Finding])?
    /// How many parts the checker runs the check in, each a job of its own (`RulePart`).
    let parts: Int
    /// How long the check takes on a long log, roughly: 0 for most rules,
    /// 1 for a check that reads every action, 2 for one that also sweeps
    /// them per tag. The checker starts the heaviest first, so that none of
    /// them starts last and keeps a core waiting.
    let weight: Int
    /// What the check reads of the context beyond what every rule shares.
    let reads: RuleContext.Reads

    init(
        _ id: RuleID, _ severity: Severity, canBeTurnedOff: Bool? = nil, summary: String,
        failing: @autoclosure @escaping @Sendable () -> RuleExample,
        passing: @autoclosure @escaping @Sendable () -> RuleExample,
        reportedBy: Origin = .model,
        weight: Int = 0, check: (@Sendable (RuleContext) -> [Finding])? = nil
    ) {
        var whole: (@Sendable (RuleContext, RulePart) -> [Finding])?
        if let check { whole = { @Sendable context, _ in check(context) } }
        self.init(
            id, severity, canBeTurnedOff: canBeTurnedOff, summary: summary, failing: failing(), passing: passing(),
            reportedBy: reportedBy, weight: weight, parts: 1, check: whole)
    }

    /// A model rule checked in `parts` (see `RulePart`).
    init(
        _ id: RuleID, _ severity: Severity, canBeTurnedOff: Bool? = nil, summary: String,
        failing: @autoclosure @escaping @Sendable () -> RuleExample,
        passing: @autoclosure @escaping @Sendable () -> RuleExample,
        reportedBy: Origin = .model, weight: Int, parts: Int, reads: RuleContext.Reads = [],
        check: (@Sendable (RuleContext, RulePart) -> [Finding])?
    ) {
        self.id = id
        self.severity = severity
        self.canBeTurnedOff = canBeTurnedOff ?? (severity == .warning)
        self.summary = summary
        makeFailing = failing
        makePassing = passing
        self.reportedBy = reportedBy
        self.check = check
        self.weight = weight
        self.parts = parts
        self.reads = reads
    }
}
