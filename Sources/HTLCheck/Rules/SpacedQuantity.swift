import HTLCore
import HTLModel

extension RuleDescriptor {
    /// `5 km`: a number, a space, a declared unit. It counts for nothing as
    /// written (the line still counts, as words); the help shows `5km`.
    /// Found while reading the log, not here:
    /// `LineScanner.checkSpacedQuantity` (Sources/HTLParse/LineScanner.swift).
    static let spacedQuantity = RuleDescriptor(
        .spacedQuantity, .warning,
        summary: "a number and a measure word separated by a space (5 km): counts for nothing as written",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Ran ①5 km +run-100km
            2026-11-21 Walked ②2.5 kilometre and ③3 km +run-100km
            2026-11-21 Correction ④-1 km +run-100km
            """,
            finds: [
                "①": "'5 km' has a space between the number and the unit, so it counts for nothing",
                "②": "'2.5 kilometre' has a space between the number and the unit, so it counts for nothing",
                "③": "'3 km' has a space between the number and the unit, so it counts for nothing",
                "④": "'-1 km' has a space between the number and the unit, so it counts for nothing",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Ran 5km in 2 laps +run-100km
            2026-11-21 Walked 2.5kilometre +run-100km
            """),
        reportedBy: .logParser)
}
