import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A token that is almost a quantity (.5km, 5.km, 5,5km, 5_000km,
    /// 1e3km; 1h25min, an amount in two declared units), or a quantity's
    /// number that htl cannot hold. Found while
    /// reading the log, not here: `LineScanner.readToken`
    /// (Sources/HTLParse/LineScanner.swift) for a token
    /// `QuantityToken.almostQuantity` (Sources/HTLParse/QuantityToken.swift)
    /// calls almost a quantity or `QuantityToken.compoundParts` reads as
    /// declared units run together, and `LineScanner.readQuantity` for a number
    /// with more than 6 decimals or too large (`ExactDecimal.parse`). The
    /// rest of the line is still read, so that every such token is reported.
    static let badQuantity = RuleDescriptor(
        .badQuantity, .error,
        summary: "a token that is almost a quantity (.5km, 5.km, 5,5km, 5_000km, 1e3km, 1h25min)",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Swim ①.5km then ②5.km +run-100km
            2026-11-20 Run ③5,5km +run-100km
            2026-11-21 Run ④5_000km in ⑤1e3min +run-100km
            2026-11-21 Ride ⑥5.1234567km +run-100km
            2026-11-21 Ride ⑦99999999999999999999km +run-100km
            2026-11-22 Run ⑧1hours25min then ⑨5km30min +run-100km
            """,
            finds: [
                "①": "'.5km' is almost a quantity, but its number is not written as htl reads numbers",
                "②": "'5.km' is almost a quantity, but its number is not written as htl reads numbers",
                "③": "'5,5km' is almost a quantity, but its number is not written as htl reads numbers",
                "④": "'5_000km' is almost a quantity, but its number is not written as htl reads numbers",
                "⑤": "'1e3min' is almost a quantity, but its number is not written as htl reads numbers",
                "⑥": "quantity '5.1234567km' has more than 6 decimal places",
                "⑦": "quantity '99999999999999999999km' is too large",
                "⑧": "'1hours25min' is almost a quantity, but a quantity is one number and one unit",
                "⑨": "'5km30min' is almost a quantity, but a quantity is one number and one unit",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Swim 0.5km +run-100km
            2026-11-21 Ride 5.123456km past the "1e3km" sign +run-100km
            2026-11-22 Run 1km in 85min +run-100km
            2026-11-22 Run 5km 30min +run-100km
            """),
        reportedBy: .logParser)
}
