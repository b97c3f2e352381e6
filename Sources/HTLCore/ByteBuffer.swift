/// A growable run of bytes, written at its end: the buffer JSON documents
/// are written into. An array does the same, checked, but each append to
/// one is a call of some fifty instructions (a uniqueness check, the
/// capacity, the count through the array's header), and an export makes
/// twenty-five appends an action: at a million actions, a fifth of a
/// second. Here an append is a capacity check and a copy.
///
/// The one place outside `RawBytes` where HTLCore writes through a
/// pointer. What it relies on:
///
/// - The buffer is not copyable: one value owns its storage, frees it when
///   it ends, and is the only writer (no copy on write, so no uniqueness
///   check per append, and nothing to race with).
/// - `written <= capacity`, and the first `written` bytes of the storage are
///   initialized. Every write first makes room (`room(for:)`), so
///   `written + n <= capacity` before any of the `n` bytes is written.
/// - Bytes are only read as a `Span` over the first `written` (checked), or
///   copied into an array.
///
/// ByteBufferTests hold these (appends across every growth, the bytes read
/// back exactly).
public struct ByteBuffer: ~Copyable, @unchecked Sendable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes are written (the first `count` of the storage).
    @usableFromInline var written = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    public var count: Int { written }
    public var isEmpty: Bool { written == 0 }

    /// The bytes, copied into an array.
    public var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: written))
    }

    /// The bytes written so far, read in place.
    public func withBytes<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: written).span)
    }

    /// Room for `capacity` bytes in all, so that appends up to it do not move them.
    public mutating func reserveCapacity(_ capacity: Int) {
        room(for: max(0, capacity - written))
    }

    /// Empties the buffer and keeps its storage.
    public mutating func removeAll() {
        written = 0
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        room(for: 1)
        (base + written).initialize(to: byte)
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: Span<UInt8>) {
        let n = bytes.count
        guard n > 0 else { return }
        room(for: n)
        bytes.withUnsafeBufferPointer { source in
            (base + written).initialize(from: source.baseAddress!, count: n)
        }
        written += n
    }

    /// A literal's UTF-8.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount).span)
    }

    public mutating func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        room(for: n)
        (base + written).initialize(repeating: byte, count: n)
        written += n
    }

    /// Makes room for `n` more bytes: afterwards `written + n <= capacity`.
    @inlinable @inline(__always)
    mutating func room(for n: Int) {
        precondition(n >= 0, "room for a negative count of bytes")
        if _slowPath(capacity - written < n) { grow(for: n) }
    }

    @usableFromInline
    mutating func grow(for n: Int) {
        let (needed, overflow) = written.addingReportingOverflow(n)
        precondition(!overflow, "a byte buffer larger than memory")
        let larger = Swift.max(needed, capacity.multipliedReportingOverflow(by: 2).partialValue)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: written)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
