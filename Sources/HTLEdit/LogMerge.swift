import HTLCore

/// Merging two versions of a log file that both grew from a common one
/// (`htl merge-log`, git's merge driver for `log/**/*.log`): when each side
/// only appended to the common text, the result is that text followed by
/// the lines both sides added. The added lines go in one order whatever
/// side is which, so two machines merging the same histories write the
/// same bytes:
///
/// - each added line goes with the comment and blank lines just above it;
/// - each side's lines stay in their own order, the two sides interleaved
///   by date, then time (a line without one first), then bytes: the
///   earlier of the two next lines goes first; comment lines after a
///   side's last dated line go after that side's lines;
/// - a line added on both sides (the same commit reached twice) is kept
///   once, where it comes first; a line added twice on one side stays twice.
///
/// When a side changed or removed a line of the common text, there is
/// nothing to merge this way: the first such line is named.
public enum LogMerge {
    public enum Outcome: Sendable, Equatable {
        case merged([UInt8])
        /// `side` ("ours" or "theirs") changed `line` of the common text (1-based): it was `was`, it is `now` (nil: removed).
        case rewritten(side: String, line: Int, was: String, now: String?)
    }

    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> Outcome {
        let common = lines(base)
        let sides = [("ours", lines(ours)), ("theirs", lines(theirs))]
        for (side, text) in sides {
            for (i, line) in common.enumerated() where i >= text.count || text[i] != line {
                return .rewritten(
                    side: side, line: i + 1, was: String(decoding: line, as: UTF8.self),
                    now: i < text.count ? String(decoding: text[i], as: UTF8.self) : nil)
            }
        }
        let both = interleaved(
            blocks(Array(sides[0].1.dropFirst(common.count))), blocks(Array(sides[1].1.dropFirst(common.count))))
        let added = keptOnce(both.blocks, counts: both.counts)
        var out: [UInt8] = []
        for line in common + added.flatMap(\.lines) {
            out += line
            out.append(0x0A)
        }
        return .merged(out)
    }

    /// Two sides' blocks as one list, each side's in its own order: at each
    /// step the earlier of the two next blocks (by date and time, then
    /// bytes); with how often each block is on each side.
    static func interleaved(_ ours: [Block], _ theirs: [Block]) -> (blocks: [Block], counts: [[UInt8]: (Int, Int)]) {
        var counts: [[UInt8]: (Int, Int)] = [:]
        for block in ours { counts[block.bytes, default: (0, 0)].0 += 1 }
        for block in theirs { counts[block.bytes, default: (0, 0)].1 += 1 }
        var a = ours[...]
        var b = theirs[...]
        var out: [Block] = []
        while let x = a.first, let y = b.first {
            if x == y {
                // The same block next on both sides: both go, so that the sides can swap.
                out += [x, y]
                a = a.dropFirst()
                b = b.dropFirst()
                continue
            }
            let theirsFirst = y.key != x.key ? y.key < x.key : y.bytes.lexicographicallyPrecedes(x.bytes)
            if theirsFirst {
                out.append(y)
                b = b.dropFirst()
            } else {
                out.append(x)
                a = a.dropFirst()
            }
        }
        return (out + a + b, counts)
    }

    /// A block added on both sides (the same commit reached twice) once:
    /// of its copies, the first as many as the side with more has.
    static func keptOnce(_ blocks: [Block], counts: [[UInt8]: (Int, Int)]) -> [Block] {
        var seen: [[UInt8]: Int] = [:]
        return blocks.filter { block in
            let bytes = block.bytes
            seen[bytes, default: 0] += 1
            let (ours, theirs) = counts[bytes] ?? (0, 0)
            return seen[bytes]! <= max(ours, theirs)
        }
    }

    /// A file's lines without their line feeds (a final line feed opens no empty line).
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Added lines and the comment and blank lines above each, with the key they sort by.
    struct Block: Equatable {
        var lines: [[UInt8]]
        /// `2026-11-22` + ` 07:05` (or nothing); `~` (after every date) for comments at the end.
        var key: String

        var bytes: [UInt8] { Array(lines.joined(separator: [0x0A])) }
    }

    static func blocks(_ lines: [[UInt8]]) -> [Block] {
        var blocks: [Block] = []
        var pending: [[UInt8]] = []
        for whole in lines {
            pending.append(whole)
            // An action line may start with blanks (FORMAT.md §6).
            let line = Array(whole.drop { $0 == 0x20 || $0 == 0x09 })
            guard line.count >= 10, let date = CivilDate.parse(String(decoding: line[0..<10], as: UTF8.self)) else {
                continue
            }
            var key = date.description
            if line.count >= 16, line[10] == 0x20, let time = ClockTime.parse(line[11..<16]) { key += " \(time)" }
            blocks.append(Block(lines: pending, key: key))
            pending = []
        }
        if !pending.isEmpty { blocks.append(Block(lines: pending, key: "~")) }
        return blocks
    }
}
