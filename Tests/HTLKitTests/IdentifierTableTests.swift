@testable import HTLCore
import Testing

@Suite struct IdentifierTableTests {
    /// Numbers in the order first added; the same name keeps its number.
    @Test func numbersNamesInTheOrderFirstAdded() {
        var table = IdentifierTable()
        #expect(table.insert("run-100km") == 0)
        #expect(table.insert("outdoors") == 1)
        #expect(table.insert("run-100km") == 0)
        #expect(table.number(of: "outdoors") == 1)
        #expect(table.number(of: "Outdoors") == nil)
        #expect(table.number(of: "") == nil)
        #expect(table.names == ["run-100km", "outdoors"])
    }

    /// Through many growths, long and non-ASCII names, every name is found
    /// under its number and no other name is.
    @Test func findsEveryNameAfterGrowing() {
        let names = (0..<5000).map { $0 % 3 == 0 ? "g\($0)" : $0 % 3 == 1 ? "tag-ünïcode-\($0)" : String(repeating: "x", count: 40) + "\($0)" }
        var table = IdentifierTable(names)
        #expect(table.count == 5000)
        for (k, name) in names.enumerated() {
            #expect(table.number(of: name) == k)
            #expect(table.insert(name) == k)
        }
        #expect(table.number(of: "g1") == nil)
        #expect(table.count == 5000)
    }
}
