extension String {
    /// The text of UTF-8 bytes, a byte that is not UTF-8 repaired as
    /// `String(decoding:as:)` repairs it (U+FFFD): for the short words a log
    /// line and a front matter are made of (a link's goal, a tag, a key).
    package init(utf8Bytes bytes: Span<UInt8>) {
        self = RawBytes.string(bytes)
    }

    /// The same with ASCII capitals made small (a tag is compared without case).
    package init(lowercasingASCII bytes: Span<UInt8>) {
        self = RawBytes.string(bytes, lowercasingASCII: true)
    }
}
