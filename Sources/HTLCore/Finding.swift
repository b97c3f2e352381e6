/// Something a parser or a rule found in the ledger: which rule, where,
/// what. It has no severity yet: that is the rule's (its default, or what
/// `rules:` in htl.yaml says), applied by the checker to make a `Diagnostic`.
public struct Finding: Hashable, Sendable {
    public var rule: RuleID
    public var location: SourceLocation
    public var message: String
    /// Extra advice printed under the finding as `help: ...`.
    public var help: String?
    /// The finding is about the file as a whole (a missing key, a bad name),
    /// not about the text at its position: no source excerpt is shown.
    package var wholeFile: Bool

    public init(
        _ rule: RuleID, _ location: SourceLocation, _ message: String, help: String? = nil, wholeFile: Bool = false
    ) {
        self.rule = rule
        self.location = location
        self.message = message
        self.help = help
        self.wholeFile = wholeFile
    }
}
