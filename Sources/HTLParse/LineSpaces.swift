/// Where the spaces of a short log line are, as bits: for a printable
/// ASCII line of at most 64 bytes (nearly every log line), `LineSurvey`
/// notes its spaces in the vector pass that finds its byte classes, and
/// each token's end is read off the bits (looked for a word at a time, it
/// cost some thirty instructions a token).
struct LineSpaces {
    private let start: Int
    private let end: Int
    /// Bit k: byte `start + k` is a space.
    private let spaces: UInt64

    /// The spaces of a line from `start` to `end`, as `LineSurvey` found
    /// them; nil when the line is longer than 64 bytes.
    init?(start: Int, end: Int, spaces: UInt64) {
        guard end - start <= 64 else { return nil }
        self.start = start
        self.end = end
        self.spaces = spaces
    }

    /// The first space at or after `i` (inside the line), or the line's end.
    @inline(__always) func nextSpace(from i: Int) -> Int {
        // `<<` by 64 or more gives zero: from the line's end, nothing is left.
        let rest = spaces & (UInt64.max << UInt64(i - start))
        return rest == 0 ? end : start + rest.trailingZeroBitCount
    }
}
