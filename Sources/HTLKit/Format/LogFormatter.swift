/// Canonical log text (FORMAT.md §10): LF endings, no BOM, no trailing
/// whitespace, one space between items, action lines start with their date,
/// no trailing blank lines. Items are never reordered or respelled.
enum LogFormatter {
    static func format(_ bytes: [UInt8]) -> [UInt8] {
        var lines: [[UInt8]] = []
        for raw in TextLines.split(bytes) {
            lines.append(canonicalLine(raw))
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for line in lines {
            out += line
            out.append(0x0A)
        }
        return out
    }

    /// One line in canonical form (also what the append-only rule compares).
    static func canonicalLine<C: Collection>(_ line: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
        var end = line.endIndex
        while end > line.startIndex, isBlank(line[end - 1]) { end -= 1 }
        var start = line.startIndex
        while start < end, isBlank(line[start]) { start += 1 }
        if start == end { return [] }
        if line[start] == UInt8(ascii: "#") { return Array(line[line.startIndex..<end]) }
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

/// Line splitting shared by the formatters and the append-only check.
enum TextLines {
    /// Lines without their endings (`\n` or `\r\n`); a leading BOM is dropped;
    /// a final line ending does not open an empty last line.
    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = TextPosition.hasByteOrderMark(bytes) ? 3 : 0
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0A {
                let end = i > start && bytes[i - 1] == 0x0D ? i - 1 : i
                lines.append(bytes[start..<end])
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count {
            var end = bytes.count
            if bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(bytes[start..<end])
        }
        return lines
    }
}
