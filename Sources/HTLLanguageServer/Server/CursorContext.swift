import HTLCore

/// What the text before the cursor says the user is writing.
enum CursorContext: Equatable {
    /// In a log line: the word so far (from its first byte to the cursor),
    /// and whether it is the line's first word.
    case logWord(String, start: Int, first: Bool, line: ArraySlice<UInt8>)
    /// In front matter, a key being typed at the top level.
    case frontMatterKey(String, start: Int)
    /// In front matter, the value of `key` (top level, or an entry nested under it).
    case frontMatterValue(key: String, nested: Bool, word: String, start: Int)
    case elsewhere

    /// `start` and the word are scalar columns / text on the cursor's line.
    static func at(path: String, line: Int, column: Int, positions: TextPositions) -> CursorContext {
        let text = positions.lineText(line)
        let cursor = LineIndex.offset(ofColumn: column, in: text)
        let before = text[text.startIndex..<cursor]
        if path.hasSuffix(".log") {
            var start = cursor
            while start > before.startIndex, before[start - 1] != 0x20, before[start - 1] != 0x09 { start -= 1 }
            let word = String(decoding: before[start..<cursor], as: UTF8.self)
            let first = !before[before.startIndex..<start].contains { $0 != 0x20 && $0 != 0x09 }
            return .logWord(
                word, start: column - LineIndex.scalarCount(before[start..<cursor]), first: first, line: text)
        }
        guard path.hasSuffix(".md") || path.hasSuffix(".yaml"),
            let key = frontMatterKey(line: line, positions: positions, path: path)
        else {
            return .elsewhere
        }
        return valueOrKey(before, column: column, owner: key)
    }

    private static func valueOrKey(_ before: ArraySlice<UInt8>, column: Int, owner: String?) -> CursorContext {
        let indented = before.first == 0x20
        var start = before.endIndex
        while start > before.startIndex, ![0x20, 0x3A, 0x5B, 0x2C].contains(before[start - 1]) { start -= 1 }
        let word = String(decoding: before[start...], as: UTF8.self)
        let wordStart = column - LineIndex.scalarCount(before[start...])
        if let colon = before.firstIndex(of: 0x3A), !indented {
            let key = String(decoding: before[before.startIndex..<colon], as: UTF8.self)
            return .frontMatterValue(key: key, nested: false, word: word, start: wordStart)
        }
        if indented, let owner, !before.contains(0x3A) {
            return .frontMatterValue(key: owner, nested: true, word: word, start: wordStart)
        }
        return indented ? .elsewhere : .frontMatterKey(word, start: wordStart)
    }

    /// Inside front matter (or a YAML file): the top-level key above the
    /// line ("" when none); nil outside front matter.
    private static func frontMatterKey(line: Int, positions: TextPositions, path: String) -> String?? {
        let markdown = path.hasSuffix(".md")
        if markdown {
            guard line > 1, Array(positions.lineText(1)) == Array("---".utf8) else { return nil }
            for l in 2..<line where Array(positions.lineText(l)) == Array("---".utf8) { return nil }
        }
        var l = line - 1
        while l >= (markdown ? 2 : 1) {
            let text = positions.lineText(l)
            if let first = text.first, first != 0x20, first != 0x23, let colon = text.firstIndex(of: 0x3A) {
                return .some(String(decoding: text[text.startIndex..<colon], as: UTF8.self))
            }
            l -= 1
        }
        return .some(nil)
    }
}
