import HTLCore

/// A date and the ten bytes it was read from: the same bytes again are the
/// same date without parsing them (two loads and two compares).
struct RecentDay {
    private var head: UInt64 = 0
    private var tail: UInt16 = 0
    private var known: CivilDate?

    init() {}

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ date: CivilDate) {
        guard bytes.count == 10, let base = UnsafeRawPointer(bytes.baseAddress) else { return }
        head = base.loadUnaligned(as: UInt64.self)
        tail = base.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        known = date
    }

    func date(_ bytes: UnsafeBufferPointer<UInt8>) -> CivilDate? {
        guard let known, bytes.count == 10, let base = UnsafeRawPointer(bytes.baseAddress),
              base.loadUnaligned(as: UInt64.self) == head, base.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == tail
        else { return nil }
        return known
    }
}
