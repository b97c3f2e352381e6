extension String {
    /// Every occurrence of `target` replaced (no Foundation needed), matched
    /// on UTF-8 bytes: a `"` is found even when a combining accent follows it
    /// (which makes the two one Character), and long texts are not searched
    /// Character by Character.
    package func replacingAll(_ target: String, _ replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        let bytes = Array(utf8)
        return bytesReplacing(needle, with: Array(replacement.utf8), in: bytes).map {
            String(decoding: $0, as: UTF8.self)
        } ?? self
    }
}

/// `bytes` with every `needle` replaced; nil when there is none.
private func bytesReplacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
    var out: [UInt8]?
    var i = 0
    var copied = 0
    while i + needle.count <= bytes.count {
        if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) {
            if out == nil {
                out = []
                out!.reserveCapacity(bytes.count + replacement.count)
            }
            out! += bytes[copied..<i]
            out! += replacement
            i += needle.count
            copied = i
        } else {
            i += 1
        }
    }
    out? += bytes[copied...]
    return out
}
