/// The id grammars of the ledger format.
public enum Identifier {
    package static let maxLength = 64

    /// A value, term or goal id: `[a-z0-9][a-z0-9-]*`, at most 64 characters.
    package static func isValidEntityID<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        guard let first = bytes.first, bytes.count <= maxLength, isLowerAlnum(first) else { return false }
        return bytes.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "-") }
    }

    package static func isValidEntityID(_ text: String) -> Bool {
        isValidEntityID(text.utf8)
    }

    /// A measure id or alias: `[a-z][a-z0-9_]*`.
    package static func isValidMeasureName<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        guard let first = bytes.first, first >= 0x61, first <= 0x7A else { return false }
        return bytes.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "_") }
    }

    package static func isValidMeasureName(_ text: String) -> Bool {
        isValidMeasureName(text.utf8)
    }

    /// A tag's characters after `#`: ASCII letters, digits, `-` and `_`.
    package static func isValidTag<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        !bytes.isEmpty && bytes.allSatisfy(isTagByte)
    }

    /// The same without generics, for the log parser.
    package static func isValidTag(_ bytes: Span<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTagByte)
    }

    package static func isValidTag(_ text: String) -> Bool {
        isValidTag(text.utf8)
    }

    @inline(__always)
    static func isTagByte(_ b: UInt8) -> Bool {
        isLowerAlnum(b) || (b >= 0x41 && b <= 0x5A) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
    }

    @inline(__always)
    package static func isLowerAlnum(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
    }

    /// ASCII lowercase of a tag (the log parser, with the bytes in hand,
    /// calls `String(lowercasingASCII:)` itself).
    package static func lowercasedASCII<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(lowercasingASCII: Array(bytes).span)
    }

    /// A valid id close to a bad one: lowercased, runs of other characters
    /// as '-', cut at 64 bytes. Reading stops one byte past the cut: what
    /// follows cannot change the id, however long the text.
    package static func suggestedID(_ id: String) -> String? {
        var out: [UInt8] = []
        for b in id.utf8 {
            guard out.count <= maxLength else { break }
            let lower = (b >= 0x41 && b <= 0x5A) ? b + 32 : b
            if isLowerAlnum(lower) {
                out.append(lower)
            } else if let last = out.last, last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        let candidate = String(decoding: out.prefix(maxLength), as: UTF8.self)
        return isValidEntityID(candidate) ? candidate : nil
    }
}
