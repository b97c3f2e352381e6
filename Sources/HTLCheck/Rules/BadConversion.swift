import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A conversion to a measure of another type, or a cycle of conversions.
    static let badConversion = RuleDescriptor(
        .badConversion, .error,
        summary: "a conversion to a measure of another type, or a cycle of conversions",
        failing: .file("measures.yaml", "km:\n  type: distance\n  aliases: [kilometre]\nmin:\n  type: time\nhours:\n  type: time\n  equals: ‸60 km\n"),
        passing: .file("measures.yaml", "km:\n  type: distance\n  aliases: [kilometre]\nmin:\n  type: time\nhours:\n  type: time\n  equals: 60 min\n"),
        reportedBy: .fileReader)
}
