/// Line splitting shared by the formatters and the append-only check.
package enum TextLines {
    /// Lines without their endings (`\n`, `\r\n`, or any run of `\r` before
    /// `\n` or the end, so that formatting is idempotent); leading BOMs are dropped
    /// (all of them, so that formatting is idempotent); a final line ending
    /// does not open an empty last line.
    package static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        // Room for every line at once (counted eight bytes at a time), not grown a step at a time.
        lines.reserveCapacity(ByteCount.occurrences(of: 0x0A, in: bytes.span) + 1)
        forEachLine(bytes.span) { lines.append(bytes[$0]) }
        return lines
    }

    /// `split` without building the list: each line's range, in order.
    package static func forEachLine(_ bytes: Span<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        while bytes.count - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
            start += 3
        }
        while true {
            let i = RawBytes.lineBreak(in: bytes, from: start, end: bytes.count)
            guard i < bytes.count else { break }
            var end = i
            while end > start, bytes[end - 1] == 0x0D { end -= 1 }
            body(start..<end)
            start = i + 1
        }
        if start < bytes.count {
            var end = bytes.count
            while end > start, bytes[end - 1] == 0x0D { end -= 1 }
            body(start..<end)
        }
    }
}
