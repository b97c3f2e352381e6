import Foundation
import HTLTestSupport
import Testing

@testable import HTLSystem

/// A blob's id computed by htl is the one git computes (`git hash-object`),
/// on either path (the processor's SHA instructions or the portable code),
/// at every length where the padding changes shape: the header and the
/// bytes ending just before, at and after a block's last 8 bytes and its end.
@Suite struct GitBlobIDTests {
    static let lengths = [
        0, 1, 2, 47, 48, 49, 55, 56, 57, 63, 64, 65, 110, 111, 112, 119, 120, 121, 128, 1000, 4096, 100_003,
    ]

    func gitsID(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "htl-blob-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try Command.run("git", ["hash-object", path])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: lengths) func theIdIsGitsAtEveryLength(length: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let expected = try gitsID(bytes)
        #expect(GitBlobID.of(bytes[...], hardware: false) == expected)
        #expect(GitBlobID.of(bytes[...], hardware: true) == expected)
    }

    /// The SHA instructions are used exactly where the processor lists them
    /// (`sha_ni` in /proc/cpuinfo on x86-64): on such a machine the test
    /// above compared both paths with git.
    @Test func theHardwarePathIsUsedWhereTheProcessorHasIt() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
        #if arch(x86_64)
            #expect(
                GitBlobID.usesHardware
                    == (flags.contains("sha_ni") && flags.contains("sse4_1") && flags.contains("ssse3")))
        #else
            #expect(!GitBlobID.usesHardware)
        #endif
    }

    /// Known ids: the empty blob, and `hello\n` (as `git hash-object` gives them).
    @Test func knownIds() {
        #expect(GitBlobID.of([][...], hardware: false) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect(GitBlobID.of(Array("hello\n".utf8)[...]) == "ce013625030ba8dba906f756967f9e9ca394464a")
    }

    /// A slice that does not start at 0 is hashed from its own start.
    @Test func aSliceIsHashedFromItsStart() throws {
        let bytes = Array("2026-11-20 Run 5km +run\n2026-11-21 Run 6km +run\n".utf8)
        #expect(GitBlobID.of(bytes[24...]) == (try gitsID(Array(bytes[24...]))))
    }
}
