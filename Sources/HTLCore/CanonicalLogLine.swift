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

    /// The same on a range of a buffer, without generics: the parser calls
    /// it once per log line.
    package static func of(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        var end = range.upperBound
        while end > range.lowerBound, isBlank(line[end - 1]) { end -= 1 }
        var start = range.lowerBound
        while start < end, isBlank(line[start]) { start += 1 }
        if start == end { return [] }
        if line[start] == UInt8(ascii: "#") { return Array(line[range.lowerBound..<end]) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            while i < end, isBlank(line[i]) { i += 1 }
            if i == end { break }
            if !out.isEmpty { out.append(0x20) }
            if line[i] == UInt8(ascii: "\"") {
                // A quoted item keeps its inner spacing, up to its closing quote.
                out.append(line[i])
                i += 1
                while i < end {
                    let b = line[i]
                    out.append(b)
                    i += 1
                    if b == UInt8(ascii: "\\"), i < end, line[i] == UInt8(ascii: "\"") || line[i] == UInt8(ascii: "\\") {
                        out.append(line[i])
                        i += 1
                    } else if b == UInt8(ascii: "\"") {
                        break
                    }
                }
            }
            while i < end, !isBlank(line[i]) {
                out.append(line[i])
                i += 1
            }
        }
        return out
    }

    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
