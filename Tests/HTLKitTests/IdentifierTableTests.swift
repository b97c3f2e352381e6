import Testing

@testable import HTLCore

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
        let names = (0..<5000).map {
            $0 % 3 == 0 ? "g\($0)" : $0 % 3 == 1 ? "tag-ünïcode-\($0)" : String(repeating: "x", count: 40) + "\($0)"
        }
        var table = IdentifierTable(names)
        #expect(table.count == 5000)
        for (k, name) in names.enumerated() {
            #expect(table.number(of: name) == k)
            #expect(table.insert(name) == k)
        }
        #expect(table.number(of: "g1") == nil)
        #expect(table.count == 5000)
    }

    /// The hash reads every byte: at every length from 1 to 24 (whole words,
    /// and tails of one to seven bytes read as four, two and one), a name
    /// and the same name with one byte changed, at each position, hash
    /// apart; so do names that differ only in length (a zero byte is not
    /// nothing). (Seeded at random per process: two names collide by chance
    /// once in 2^32.)
    @Test func theHashReadsEveryByte() {
        for length in 1...24 {
            let name = (0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) }
            for position in 0..<length {
                var changed = name
                changed[position] = "#"
                #expect(
                    IdentifierTable.hash(String(name)) != IdentifierTable.hash(String(changed)), "\(length) \(position)"
                )
            }
            #expect(IdentifierTable.hash(String(name)) != IdentifierTable.hash(String(name) + "\u{0}"), "\(length)")
        }
    }
}
