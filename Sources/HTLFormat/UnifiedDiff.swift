import HTLCore
import HTLModel
import HTLParse

/// A unified diff (`--- a/PATH`, `+++ b/PATH`, `@@` hunks with three lines of
/// context) between two texts, by Myers' algorithm. Beyond a few thousand
/// edits it falls back to one hunk that replaces everything.
public enum UnifiedDiff {
    enum Edit: Equatable {
        case keep(Int, Int)  // old index, new index
        case delete(Int)
        case insert(Int)
    }

    static let maximumEdits = 1000
    static let context = 3

    public static func render(old: [UInt8], new: [UInt8], path: String) -> String {
        let a = lines(old)
        let b = lines(new)
        let edits = diff(a, b)
        let path = TerminalText.escaped(path)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(edits) {
            let oldStart = hunk.first.map { firstOld($0, in: edits) } ?? 0
            var oldCount = 0
            var newCount = 0
            var body = ""
            for edit in hunk {
                switch edit {
                case .keep(let i, _):
                    body += " " + shown(a[i])
                    oldCount += 1
                    newCount += 1
                case .delete(let i):
                    body += "-" + shown(a[i])
                    oldCount += 1
                case .insert(let j):
                    body += "+" + shown(b[j])
                    newCount += 1
                }
            }
            let newStart = hunk.first.map { firstNew($0, in: edits) } ?? 0
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return out
    }

    /// A last line without a line ending carries this mark, so that it differs
    /// from the same text with one.
    static let noNewline: Character = "\u{0}"

    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            result.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        if start < bytes.count { result.append(String(decoding: bytes[start...], as: UTF8.self) + String(noNewline)) }
        return result
    }

    /// A line as printed: control characters escaped (a diff is read on a
    /// terminal), and the mark of a missing final line ending spelled out.
    private static func shown(_ line: String) -> String {
        line.last == noNewline
            ? TerminalText.escaped(String(line.dropLast())) + "\n\\ No newline at end of file\n"
            : TerminalText.escaped(line) + "\n"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // Unified diff numbers lines from 1; an empty range names the line before it.
        count == 0 ? "\(start),0" : (count == 1 ? "\(start + 1)" : "\(start + 1),\(count)")
    }

    private static func firstOld(_ edit: Edit, in edits: [Edit]) -> Int {
        switch edit {
        case .keep(let i, _), .delete(let i): return i
        case .insert:
            // The old position where the insertion happens.
            var position = 0
            for e in edits {
                if e == edit { return position }
                switch e {
                case .keep(let i, _), .delete(let i): position = i + 1
                case .insert: break
                }
            }
            return position
        }
    }

    private static func firstNew(_ edit: Edit, in edits: [Edit]) -> Int {
        switch edit {
        case .keep(_, let j), .insert(let j): return j
        case .delete:
            var position = 0
            for e in edits {
                if e == edit { return position }
                switch e {
                case .keep(_, let j), .insert(let j): position = j + 1
                case .delete: break
                }
            }
            return position
        }
    }

    /// Groups edits into hunks with `context` unchanged lines around changes.
    static func hunks(_ edits: [Edit]) -> [[Edit]] {
        let changed = edits.indices.filter { if case .keep = edits[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        for i in changed {
            let r = max(0, i - context)...min(edits.count - 1, i + context)
            if let last = groups.last, r.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                groups.append(r)
            }
        }
        return groups.map { Array(edits[$0]) }
    }

    /// The shortest edit script from `a` to `b` (Myers, 1986).
    static func diff(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let maxD = min(n + m, maximumEdits)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        // Per step d, only the diagonals -d-1 ... d+1 can be read back: keep just those.
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...maxD {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break outer
                }
            }
        }
        guard found else {
            return (0..<n).map(Edit.delete) + (0..<m).map(Edit.insert)
        }
        // Walk back through the trace.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[d]
            // saved[i] is diagonal i - d - 1.
            func v(_ diagonal: Int) -> Int { saved[diagonal + d + 1] }
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v(k - 1) < v(k + 1)) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : v(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.keep(x, y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(.insert(y))
                } else {
                    x -= 1
                    edits.append(.delete(x))
                }
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(.keep(x, y))
        }
        return edits.reversed()
    }
}
