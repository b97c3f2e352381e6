/// Strings written as JSON once, into one run of bytes, and copied from
/// there as often as they are needed: `export` writes the same few log
/// paths, measure ids and goal ids for a million actions, and quoting a
/// String each time (its bytes fetched, scanned for escapes) was a fifth
/// of the work of writing an action.
package struct QuotedStrings: Sendable {
    private var bytes: [UInt8] = []
    /// Where string `i` starts; one more than there are strings.
    private var starts: [Int] = [0]

    package init<S: Sequence<String>>(_ strings: S) {
        for string in strings { append(string) }
    }

    /// Pieces of JSON already written (kept as they are).
    package init(raw pieces: [[UInt8]]) {
        for piece in pieces {
            bytes += piece
            starts.append(bytes.count)
        }
    }

    package var count: Int { starts.count - 1 }

    /// `string` quoted, as `JSONBytes.appendQuoted` writes it.
    package mutating func append(_ string: String) {
        bytes += QuotedStrings.quoted(string)
        starts.append(bytes.count)
    }

    /// `string` as a JSON string literal.
    package static func quoted(_ string: String) -> [UInt8] {
        var out = JSONBytes()
        out.appendQuoted(string)
        return out.bytes
    }

    /// How many bytes string `i` takes.
    package func length(_ i: Int) -> Int {
        starts[i + 1] - starts[i]
    }

    /// Writes string `i` (its bytes as they are kept) into `out`.
    @inline(__always)
    package func write(_ i: Int, into out: inout JSONBytes) {
        out.append(bytes: bytes.span.extracting(starts[i]..<starts[i + 1]))
    }
}
