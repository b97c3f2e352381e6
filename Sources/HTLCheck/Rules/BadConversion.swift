import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A conversion to a measure of another type, or a cycle of
    /// conversions. Found while reading measures.yaml, not here:
    /// `MeasuresDecoder.checkConversions` (Sources/HTLParse/MeasuresDecoder.swift),
    /// which also reports conversions whose factors multiply past what htl
    /// computes exactly (`MeasureCatalog.installConversions`).
    static let badConversion = RuleDescriptor(
        .badConversion, .error,
        summary: "a conversion to a measure of another type, or a cycle of conversions",
        failing: .file(
            "measures.yaml",
            """
            km:
              type: distance
              aliases: [kilometre]
            min:
              type: time
            hours:
              type: time
              equals: ①60 km
            laps:
              type: count
              equals: ②2 lengths
            lengths:
              type: count
              equals: 0.5 laps
            """,
            finds: [
                "①": "cannot convert 'hours' (type time) to 'km' (type distance)",
                "②": "conversions form a cycle: laps → lengths → laps",
            ]),
        passing: .file(
            "measures.yaml",
            """
            km:
              type: distance
              aliases: [kilometre]
            min:
              type: time
            hours:
              type: time
              equals: 60 min
            laps:
              type: count
              equals: 2 lengths
            lengths:
              type: count
            """),
        reportedBy: .fileReader)
}
