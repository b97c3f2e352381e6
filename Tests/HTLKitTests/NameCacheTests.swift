import LedgerGenerator
import Testing

@testable import HTLCore
@testable import HTLParse

/// Long goal ids and tags are made into Strings once per piece of a log.
@Suite struct NameCacheTests {
    /// Every name comes back as `make` makes it, whatever the cache holds:
    /// names repeated, names one byte apart at every position, names of
    /// 15 and 16 bytes (one side of a String's own room each), more
    /// distinct names than the cache keeps; a long name repeated is one
    /// String, kept once.
    @Test func everyNameIsWhatMakeMakesAndALongOneIsMadeOnce() {
        var random = SeededGenerator(seed: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)
        var names: [[UInt8]] = (0..<3 * NameCache.capacity).map { _ in
            (0..<Int.random(in: 1...40, using: &random)).map { _ in letters.randomElement(using: &random)! }
        }
        let base = Array("learn-spanish-a2-and-more".utf8)
        for k in base.indices {
            var near = base
            near[k] = near[k] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            names.append(near)
        }
        names += [
            Array("fifteen-bytes-x".utf8), Array("sixteen-bytes-xy".utf8), base,
            Array("LEARN-spanish-a2-and-more".utf8),
        ]
        // Each name twice, the second time later in the text.
        let text = names + names.shuffled(using: &random)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in text {
            ranges.append(bytes.count..<(bytes.count + name.count))
            bytes += name + [0x20]
        }
        var links = NameCache()
        var tags = NameCache()
        var made = 0
        do {
            let buffer = bytes
            for (name, range) in zip(text, ranges) {
                let link = links.string(buffer, range) {
                    made += 1
                    return RawBytes.string($0)
                }
                #expect(Array(link.utf8) == name)
                let tag = tags.string(buffer, range) { String(lowercasingASCII: $0) }
                #expect(tag == String(decoding: name, as: UTF8.self).lowercased())
            }
            var once = NameCache()
            let at = ranges[text.firstIndex(of: base)!]
            let first = once.string(buffer, at) { RawBytes.string($0) }
            let again = once.string(buffer, at) { _ in "made again" }
            #expect(first == "learn-spanish-a2-and-more" && again == first)
        }
        // Short names are made every time; long ones once each while the cache has room.
        let short = text.filter { $0.count <= NameCache.inPlace }.count
        #expect(made < text.count && made >= short + NameCache.capacity)
    }

    /// Two names of the same hash and length are still two names: the hash
    /// is a chain of one-to-one steps, so a second word chosen to undo a
    /// change in the first makes a name of 16 bytes with another's hash
    /// (built from this process's random start, which a log's writer
    /// cannot know).
    @Test func namesOfOneHashAreToldApartByTheirBytes() {
        func bytes(_ word: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }
        let name = Array("learn-spanish-a2".utf8)
        let (w1, w2) = (RawBytes.word(name.span, 0), RawBytes.word(name.span, 8))
        let start = WordHash.start(count: 16, seed: IdentifierTable.seed)
        let other1 = w1 ^ (1 << 56)  // the eighth byte: 'p' to 'q'
        let other2 = w2 ^ WordHash.step(start, w1) ^ WordHash.step(start, other1)
        let other = bytes(other1) + bytes(other2)
        let hashes = [name, other].map { n in IdentifierTable.hash(bytes: n.span) }
        #expect(other != name && other[0] == name[0] && hashes[0] == hashes[1])
        let text = name + other + name + other
        var cache = NameCache()
        do {
            let buffer = text
            for k in 0..<4 {
                let made = cache.string(buffer, (16 * k)..<(16 * k + 16)) { RawBytes.string($0) }
                #expect(made == String(decoding: k % 2 == 0 ? name : other, as: UTF8.self), "name \(k)")
            }
        }
    }
}
