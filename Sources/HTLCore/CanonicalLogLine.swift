/// A log line in the canonical form `htl fmt` writes (FORMAT.md §10):
/// blanks trimmed at both ends and runs of blanks between items made one
/// space (quoted items keep their inner spacing); comment lines keep their
/// text. The append-only rule, `htl diff` and `duplicate-action` compare
/// lines in this form, so formatting never makes two lines differ.
package enum CanonicalLogLine {
    package static func of<C: Collection>(_ line: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
        let bytes = Array(line)
        return bytes.withUnsafeBufferPointer { of($0, 0..<$0.count) }
    }

    /// The same on a range of a buffer, without generics.
    package static func of(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        append(line, range, to: &out)
        return out
    }

    /// The canonical form appended to `out` (a whole log formatted into one buffer).
    package static func append(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        forEachByte(line, range) { out.append($0) }
    }

    /// A 64-bit FNV-1a hash of the canonical form, computed without building
    /// it: the parser hashes every line to find repeats.
    package static func hash(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        forEachByte(line, range) { h = (h ^ UInt64($0)) &* 0x100_0000_01B3 }
        return h
    }

    /// Calls `body` with each byte of the canonical form, in order.
    @inline(__always)
    private static func forEachByte(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (UInt8) -> Void) {
        var end = range.upperBound
        while end > range.lowerBound, isBlank(line[end - 1]) { end -= 1 }
        var start = range.lowerBound
        while start < end, isBlank(line[start]) { start += 1 }
        if start == end { return }
        if line[start] == UInt8(ascii: "#") {
            for i in range.lowerBound..<end { body(line[i]) }
            return
        }
        var i = start
        while i < end {
            while i < end, isBlank(line[i]) { i += 1 }
            if i == end { break }
            if i > start { body(0x20) }
            if line[i] == UInt8(ascii: "\"") {
                // A quoted item keeps its inner spacing, up to its closing quote.
                body(line[i])
                i += 1
                while i < end {
                    let b = line[i]
                    body(b)
                    i += 1
                    if b == UInt8(ascii: "\\"), i < end, line[i] == UInt8(ascii: "\"") || line[i] == UInt8(ascii: "\\") {
                        body(line[i])
                        i += 1
                    } else if b == UInt8(ascii: "\"") {
                        break
                    }
                }
            }
            while i < end, !isBlank(line[i]) {
                body(line[i])
                i += 1
            }
        }
    }

    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
