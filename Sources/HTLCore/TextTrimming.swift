extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    package var trimmingSpaces: String {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !blank($0) }) else { return "" }
        if first == bytes.startIndex, !blank(bytes[bytes.index(before: bytes.endIndex)]) { return self }
        let last = bytes.lastIndex(where: { !blank($0) })!
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
