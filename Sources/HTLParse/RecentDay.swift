import HTLCore

/// A date and the ten bytes it was read from: the same bytes again are the
/// same date without parsing them (two loads and two compares).
struct RecentDay {
    private var head: UInt64 = 0
    private var tail: UInt16 = 0
    private var known: CivilDate?

    init() {}

    init(_ bytes: Span<UInt8>, _ date: CivilDate) {
        guard bytes.count == 10 else { return }
        head = RawBytes.word(bytes, 0)
        tail = UInt16(bytes[8]) | UInt16(bytes[9]) << 8
        known = date
    }

    func date(_ bytes: Span<UInt8>) -> CivilDate? {
        guard let known, bytes.count == 10, RawBytes.word(bytes, 0) == head,
            UInt16(bytes[8]) | UInt16(bytes[9]) << 8 == tail
        else { return nil }
        return known
    }
}
