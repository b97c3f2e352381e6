extension String {
    /// The text of UTF-8 bytes, a byte that is not UTF-8 repaired as
    /// `String(decoding:as:)` repairs it (U+FFFD), but written straight into
    /// the String's own storage: for the short words a log line and a front
    /// matter are made of (a link's goal, a tag, a key) half the
    /// instructions of `String(decoding:as:)`, which was some 170 a word.
    package init(utf8Bytes bytes: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: bytes.count) { storage in
            _ = storage.initialize(from: bytes)
            return bytes.count
        }
    }

    /// The same with ASCII capitals made small (a tag is compared without case).
    package init(lowercasingASCII bytes: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: bytes.count) { storage in
            for (k, b) in bytes.enumerated() { storage[k] = b >= 0x41 && b <= 0x5A ? b + 32 : b }
            return bytes.count
        }
    }
}
