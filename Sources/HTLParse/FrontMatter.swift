import HTLCore
import HTLModel

/// Splits a Markdown file into its YAML front matter and its body (FORMAT.md §5).
package struct FrontMatter {
    /// Bytes of the YAML between the two `---` lines.
    var yaml: Range<Int>
    /// File line of the first YAML line (2, after the opening `---`).
    var yamlFirstLine: Int
    /// Bytes after the closing `---` line.
    package var body: Range<Int>
    /// File line of the first body line.
    var bodyFirstLine: Int

    package enum Failure: Error {
        case noOpening
        case noClosing
    }

    /// Finds the front matter. A leading byte order mark is skipped; line
    /// endings may be LF or CRLF; a delimiter line may carry trailing blanks.
    package static func split(_ bytes: [UInt8]) -> Result<FrontMatter, Failure> {
        var position = LineIndex.hasByteOrderMark(bytes) ? 3 : 0
        guard let firstEnd = lineEnd(bytes, from: position), isDelimiter(bytes, position..<firstEnd.content) else {
            return .failure(.noOpening)
        }
        position = firstEnd.next
        let yamlStart = position
        var line = 2
        while position < bytes.count {
            guard let end = lineEnd(bytes, from: position) else { break }
            if isDelimiter(bytes, position..<end.content) {
                return .success(
                    FrontMatter(
                        yaml: yamlStart..<position, yamlFirstLine: 2,
                        body: end.next..<bytes.count, bodyFirstLine: line + 1))
            }
            position = end.next
            line += 1
        }
        return .failure(.noClosing)
    }

    /// The end of the line starting at `from`: where its content stops (before
    /// `\r\n` or `\n`) and where the next line starts. Nil at the end of input.
    static func lineEnd(_ bytes: [UInt8], from: Int) -> (content: Int, next: Int)? {
        guard from < bytes.count else { return nil }
        var i = from
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        let next = i < bytes.count ? i + 1 : i
        var content = i
        if content > from, bytes[content - 1] == 0x0D { content -= 1 }
        return (content, next)
    }

    /// `---` with optional trailing spaces or tabs.
    package static func isDelimiter(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count >= 3, bytes[range.lowerBound] == 0x2D, bytes[range.lowerBound + 1] == 0x2D,
            bytes[range.lowerBound + 2] == 0x2D
        else { return false }
        var i = range.lowerBound + 3
        while i < range.upperBound {
            if bytes[i] != 0x20 && bytes[i] != 0x09 { return false }
            i += 1
        }
        return true
    }
}
