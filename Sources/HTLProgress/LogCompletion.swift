import HTLCore
import HTLModel

/// What a log line's word being typed may become, for a front end that
/// offers completion without the language server (`htl serve`'s field):
/// `+ru` → goal ids (goals in play first), `#ru` → tags (of goals and of
/// actions), `6k` → the number with each unit that starts so (ids and
/// aliases). Sorted, at most `limit`, none for any other word.
public enum LogCompletion {
    public static func candidates(for word: String, in ledger: Ledger, limit: Int = 12) -> [String] {
        if word.hasPrefix("+") {
            let prefix = word.dropFirst()
            let goals = ledger.goals.filter { $0.id.hasPrefix(prefix) }
            let inPlay = goals.filter { $0.status == .active }.map(\.id).sorted(by: ByteOrder.precedes)
            let others = goals.filter { $0.status != .active }.map(\.id).sorted(by: ByteOrder.precedes)
            return Array((inPlay + others).prefix(limit)).map { "+" + $0 }
        }
        if word.hasPrefix("#") {
            let prefix = word.dropFirst().lowercased()
            var tags = Set(ledger.goals.flatMap(\.tags))
            for action in ledger.actions { tags.formUnion(action.tags) }
            return Array(tags.filter { $0.hasPrefix(prefix) }.sorted(by: ByteOrder.precedes).prefix(limit)).map {
                "#" + $0
            }
        }
        let number = word.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !number.isEmpty, number.first != "." else { return [] }
        let unit = word.dropFirst(number.count)
        let names = ledger.measures.measures.flatMap { [$0.id] + $0.aliases }.filter { $0.hasPrefix(unit) }
        return Array(Set(names).sorted(by: ByteOrder.precedes).prefix(limit)).map { String(number) + $0 }
    }
}
