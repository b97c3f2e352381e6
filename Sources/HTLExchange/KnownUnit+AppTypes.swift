import HTLCore
import HTLEdit
import HTLModel

extension KnownUnit {
    /// The app's measure type names (and a few synonyms) as htl's types.
    static func kind(_ type: String) -> Measure.Kind? {
        let t = type.trimmingSpaces.lowercased()
        if let kind = Measure.Kind(rawValue: t) { return kind }
        switch t {
        case "duration": return .time
        case "weight": return .mass
        case "money": return .currency
        case "number", "quantity", "occurrences": return .count
        default: return nil
        }
    }
}
