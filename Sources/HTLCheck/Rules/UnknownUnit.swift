import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A log quantity's unit is not a measure id or alias (names are
    /// compared as written: `KM` is not `km`). Found while reading the log,
    /// not here: `LineScanner.readToken` (Sources/HTLParse/LineScanner.swift),
    /// for a token `QuantityToken.classify` (Sources/HTLParse/QuantityToken.swift)
    /// calls `.unknownUnit`: a number glued to a word that is no measure's
    /// name, and not an ordinal or a count (`2nd`, `3x`). Not reported while
    /// measures.yaml cannot be read (`judgesUnits`).
    static let unknownUnit = RuleDescriptor(
        .unknownUnit, .error,
        summary: "a log quantity's unit is not a measure id or alias",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5①kms +run-100km
            2026-11-20 Run 5②KM +run-100km
            2026-11-21 Correction -1③kms +run-100km
            2026-11-21 Walk 1.5④hrs +run-100km
            2026-11-21 Swim 10⑤laps +run-100km
            """,
            finds: [
                "①": "unknown unit 'kms' (did you mean 'km'?)",
                "②": "unknown unit 'KM' (did you mean 'km'?)",
                "③": "unknown unit 'kms' (did you mean 'km'?)",
                "④": "unknown unit 'hrs'",
                "⑤": "unknown unit 'laps'",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Came 2nd in the 5km run +run-100km
            2026-11-21 Ran the "10kms" loop, 3x 3km +run-100km
            """),
        reportedBy: .logParser)
}
