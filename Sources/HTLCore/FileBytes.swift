import Glibc

/// The bytes of a file, read-only: an array of their own, or the file's
/// pages mapped into memory (`FileBytes.Mapping`). A command that reads a
/// large log once and ends maps it: its pages are then the page cache's,
/// already filled, where a copy of 50 MB is memory the kernel must first
/// find and zero, then fill, tens of milliseconds at a million actions.
///
/// Read through `withUnsafeBufferPointer` on hot paths; as a collection
/// elsewhere. Equal when the bytes are, however each is held.
public struct FileBytes: Sendable {
    @usableFromInline enum Backing: Sendable {
        case array([UInt8])
        case mapped(Mapping)
    }

    @usableFromInline let backing: Backing

    public init(_ bytes: [UInt8]) {
        backing = .array(bytes)
    }

    public init(_ mapping: Mapping) {
        backing = .mapped(mapping)
    }

    /// Whether the bytes are a file's pages mapped (not a copy of their own).
    public var isMapped: Bool {
        if case .mapped = backing { return true }
        return false
    }

    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch backing {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .mapped(let mapping): return try withExtendedLifetime(mapping) { try body(mapping.buffer) }
        }
    }

    /// The bytes as an array of their own (no copy when they are one).
    public var array: [UInt8] {
        switch backing {
        case .array(let bytes): return bytes
        case .mapped(let mapping): return Array(mapping.buffer)
        }
    }

    /// A file's pages, mapped read-only and private, and let go with the
    /// last `FileBytes` that holds them. The bytes are the file's as they
    /// are while the mapping lives: a program that rewrote the file in place
    /// would change them under a parse that reads them twice, and one that
    /// cut it short would make a read past its new end a bus error. So the
    /// mapping keeps a descriptor of the file open, closed when it is let
    /// go, on which the caller holds a read lease (`FileSystem.mapped`):
    /// another program's open for writing or truncate waits until then.
    public final class Mapping: @unchecked Sendable {
        @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
        private let descriptor: Int32

        /// Maps `size` bytes of the open file `fd` from its start and takes
        /// `fd` over (closed with the mapping); nil, `fd` left open, when
        /// the kernel will not map it (the caller then reads the file).
        public init?(taking fd: Int32, size: Int) {
            guard size > 0 else { return nil }
            let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
            guard let base, base != MAP_FAILED else { return nil }
            buffer = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
            descriptor = fd
        }

        deinit {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
            close(descriptor)
        }
    }
}

extension FileBytes: RandomAccessCollection {
    @inlinable public var startIndex: Int { 0 }

    @inlinable public var endIndex: Int { count }

    @inlinable public var count: Int {
        switch backing {
        case .array(let bytes): return bytes.count
        case .mapped(let mapping): return mapping.buffer.count
        }
    }

    /// Checked like an array's (a buffer's own subscript is checked only in debug builds).
    @inlinable public subscript(position: Int) -> UInt8 {
        switch backing {
        case .array(let bytes): return bytes[position]
        case .mapped(let mapping):
            precondition(position >= 0 && position < mapping.buffer.count, "FileBytes index out of range")
            return mapping.buffer[position]
        }
    }

    @inlinable public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }
}

extension FileBytes: Equatable {
    public static func == (a: FileBytes, b: FileBytes) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in FileBytes.same(x, y) } }
    }

    public static func == (a: FileBytes, b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in FileBytes.same(x, y) } }
    }

    public static func == (a: [UInt8], b: FileBytes) -> Bool {
        b == a
    }

    public static func != (a: [UInt8], b: FileBytes) -> Bool {
        !(b == a)
    }

    private static func same(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        guard let p = x.baseAddress, let q = y.baseAddress, x.count > 0 else { return true }
        // The same bytes (a file compared with itself, as a parse cache does): no compare of 50 MB.
        return p == q || memcmp(p, q, x.count) == 0
    }
}

extension FileBytes: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: UInt8...) {
        self.init(elements)
    }
}

extension Slice where Base == FileBytes {
    /// The slice's bytes, without a copy.
    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try base.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[startIndex..<endIndex])) }
    }
}
