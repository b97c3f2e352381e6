import HTLCore
import HTLModel

/// What htl reads from a goal's Markdown body: whether it has an Action plan
/// section and its task-list checklist (FORMAT.md §5.3). Fenced code blocks
/// are skipped.
struct MarkdownBody {
    var hasActionPlan = false
    var checklist: [Goal.ChecklistItem] = []

    static func scan(_ bytes: [UInt8], range: Range<Int>, firstLine: Int) -> MarkdownBody {
        var result = MarkdownBody()
        var position = range.lowerBound
        var line = firstLine
        var fence: (byte: UInt8, count: Int)?
        while position < range.upperBound, let end = FrontMatter.lineEnd(bytes, from: position) {
            let content = bytes[position..<min(end.content, range.upperBound)]
            defer {
                position = end.next
                line += 1
            }
            let trimmed = content.drop { $0 == 0x20 || $0 == 0x09 }
            // Fenced code blocks: ``` or ~~~, closed by a fence of the same character at least as long.
            if let marker = trimmed.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") {
                let run = trimmed.prefix { $0 == marker }.count
                if run >= 3 {
                    if let open = fence {
                        if open.byte == marker, run >= open.count { fence = nil }
                    } else {
                        fence = (marker, run)
                    }
                    continue
                }
            }
            if fence != nil { continue }
            if isActionPlanHeading(trimmed) {
                result.hasActionPlan = true
            } else if let item = checklistItem(trimmed, line: line) {
                result.checklist.append(item)
            }
        }
        return result
    }

    /// `#`..`######`, a space, then "action plan" in any case (closing #s allowed).
    static func isActionPlanHeading(_ line: ArraySlice<UInt8>) -> Bool {
        let hashes = line.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(hashes) else { return false }
        var rest = line.dropFirst(hashes)
        guard let space = rest.first, space == 0x20 || space == 0x09 else { return false }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 }
        while let last = rest.last, last == 0x20 || last == 0x09 || last == UInt8(ascii: "#") {
            rest = rest.dropLast()
        }
        // Compared in place, upper case folded byte by byte (no lowered copy of the line).
        let words = actionPlan
        return rest.count == words.count
            && zip(rest, words).allSatisfy { byte, word in (byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) == word }
    }

    private static let actionPlan = Array("action plan".utf8)

    /// A task item: `- [ ] text`, `* [x] text`, `+ [X] text` or `1. [ ] text`.
    static func checklistItem(_ line: ArraySlice<UInt8>, line number: Int) -> Goal.ChecklistItem? {
        var rest = line
        guard let first = rest.first else { return nil }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            guard (1...9).contains(digits) else { return nil }
            rest = rest.dropFirst(digits)
            guard let dot = rest.first, dot == UInt8(ascii: ".") || dot == UInt8(ascii: ")") else { return nil }
            rest = rest.dropFirst()
        }
        guard let space = rest.first, space == 0x20 || space == 0x09 else { return nil }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.count >= 3, rest[rest.startIndex] == UInt8(ascii: "["),
            rest[rest.startIndex + 2] == UInt8(ascii: "]")
        else { return nil }
        let mark = rest[rest.startIndex + 1]
        let done: Bool
        switch mark {
        case 0x20: done = false
        case UInt8(ascii: "x"), UInt8(ascii: "X"): done = true
        default: return nil
        }
        rest = rest.dropFirst(3)
        if let next = rest.first, next != 0x20, next != 0x09 { return nil }
        let text = String(decoding: rest.drop { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        return Goal.ChecklistItem(text: text, done: done, line: number)
    }
}
