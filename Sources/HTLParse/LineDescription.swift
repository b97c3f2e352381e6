import HTLCore
import HTLModel

/// A log line's description while the line is read: its words and quoted
/// texts joined by single spaces. While the words are one stretch of the
/// line (most lines), it is only that stretch, and the action's text points
/// into the log's bytes; otherwise its bytes are kept apart.
struct LineDescription {
    /// The description while it is one stretch of the line.
    private var range: Range<Int>?
    /// The description otherwise (quoted text, words apart).
    private var bytes: [UInt8] = []
    private var isStarted = false

    /// Empty again for the next line (keeping the room its bytes had).
    mutating func reset() {
        range = nil
        if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
        isStarted = false
    }

    /// A word of the line (`word` of `buffer`) joins the description.
    mutating func add(word: Range<Int>, of buffer: [UInt8]) {
        guard isStarted else {
            isStarted = true
            range = word
            return
        }
        if let stretch = range, stretch.upperBound + 1 == word.lowerBound, buffer[stretch.upperBound] == Bytes.space {
            range = stretch.lowerBound..<word.upperBound
            return
        }
        spill(buffer)
        bytes.append(Bytes.space)
        RawBytes.append(buffer.span.extracting(word), to: &bytes)
    }

    /// Quoted text (its escapes undone) joins the description.
    mutating func add(quoted text: [UInt8], of buffer: [UInt8]) {
        if isStarted {
            spill(buffer)
            bytes.append(Bytes.space)
        }
        isStarted = true
        bytes.append(contentsOf: text)
    }

    /// The action's text: a stretch of `file` (the line's own, or an empty
    /// one at `lineStart`), or bytes of its own when it is not one stretch.
    func text(in file: ActionText.Store, lineStart: Int) -> ActionText {
        if let range { return ActionText(file, range) }
        return bytes.isEmpty ? ActionText(file, lineStart..<lineStart) : ActionText(own: bytes, path: file.path)
    }

    /// The description so far as bytes, once it is no longer one stretch.
    private mutating func spill(_ buffer: [UInt8]) {
        guard let stretch = range else { return }
        bytes = Array(buffer[stretch])
        range = nil
    }
}
