import HTLCore
import HTLJSON
import HTLProgress

extension ReportJSON {
    /// `{"where", "by", "sums", "rows": [{"key", "actions", "sums": {MEASURE: N}}], "total": {…}}`.
    public static func actionTable(_ table: ActionTable, where expression: String?) -> String {
        func row(_ r: ActionTable.Row, key: Bool) -> JSON {
            .object(
                (key ? [("key", JSON.string(r.key))] : []) + [
                    ("actions", .int(r.actions)),
                    ("sums", .object(zip(table.measures, r.sums).map { ($0, JSON.decimal($1)) })),
                ])
        }
        return JSON.object([
            ("where", expression.map(JSON.string) ?? .null),
            ("by", table.grouping.map { .string($0.rawValue) } ?? .null),
            ("sums", .array(table.measures.map(JSON.string))),
            ("rows", .array(table.rows.map { row($0, key: true) })),
            ("total", row(table.total, key: false)),
        ]).serialized()
    }
}
