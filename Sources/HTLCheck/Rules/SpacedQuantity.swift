import HTLCore
import HTLModel

extension RuleDescriptor {
    /// `5 km`: a number, a space, a declared unit. It counts for nothing as
    /// written (the line still counts, as words); the help shows `5km`.
    static let spacedQuantity = RuleDescriptor(
        .spacedQuantity, .warning,
        summary: "a number and a measure word separated by a space (5 km): counts for nothing as written",
        failing: .file("log/2026.log", "2026-11-20 Ran ‸5 km +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Ran 5km in 2 laps +run-100km\n"),
        reportedBy: .logParser)
}
