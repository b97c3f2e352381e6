import CHTLBytes
import Glibc

/// The one file of HTLCore that reads bytes through Swift's unsafe APIs.
/// Everything else reads bytes through `Span<UInt8>`, whose every access
/// is checked. Each function here takes a span and a range, checks the
/// range against the span first, and only then reads through a pointer,
/// so none can read outside what it was given:
///
/// - `word(_:_:)` loads eight bytes as one number: `RawSpan`'s load checks
///   the eight bytes lie inside the span (it is called unsafe because a
///   load of an arbitrary type can make an invalid value; every bit pattern
///   is a valid `UInt64`).
/// - `lineBreak(in:from:end:)` hands `memchr` the checked range.
/// - `classes(of:_:)` and `lineBreaks(in:)` hand the C scans of CHTLBytes
///   (sixteen bytes at a step) a checked range; they read nothing outside
///   the count they are given (bytes.h says so, and `ByteScanTests` holds
///   them to the byte-by-byte answer at every length and offset).
/// - `array(_:)` and `string(_:)` copy a span's bytes.
/// RawBytesTests exercise each at the edges of its span.
public enum RawBytes {
    /// The eight bytes at `offset` (any alignment), the first in the lowest byte.
    @inlinable @inline(__always)
    public static func word(_ bytes: Span<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The first line break (LF) in `bytes[from..<end]`, or `end`: searched
    /// by the C library's `memchr` (32 bytes at a step in vector registers).
    @inlinable
    public static func lineBreak(in bytes: Span<UInt8>, from: Int, end: Int) -> Int {
        // An empty range answers `from`, as `firstIndex` does.
        guard from < end else { return from }
        precondition(from >= 0 && end <= bytes.count, "a line break searched for outside the bytes")
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base + from, 0x0A, end - from) else { return end }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// The byte classes of `bytes[range]` (`HTL_BYTES_*`), and which of its
    /// first 64 bytes are spaces.
    @inlinable
    public static func classes(of bytes: Span<UInt8>, _ range: Range<Int>) -> (classes: Int32, spaces: UInt64) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "bytes classified outside the bytes")
        var spaces: UInt64 = 0
        let classes = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { htl_byte_classes($0 + range.lowerBound, range.count, &spaces) } ?? 0
        }
        return (classes, spaces)
    }

    /// The line breaks of `bytes`, and how many of them start a line that
    /// is certainly no action (`htl_line_breaks`).
    package static func lineBreaks(in bytes: Span<UInt8>) -> (breaks: Int, beforeNoAction: Int) {
        var beforeNoAction = 0
        let breaks = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { htl_line_breaks($0, buffer.count, &beforeNoAction) } ?? 0
        }
        return (breaks, beforeNoAction)
    }

    /// Whether a line starting with `byte` is certainly no action (`htl_starts_no_action`).
    package static func startsNoAction(_ byte: UInt8) -> Bool {
        htl_starts_no_action(byte) != 0
    }

    /// The bytes appended to `out`, in one copy into room the array makes
    /// (the generic `append(contentsOf:)` cost a hundred instructions a
    /// call, and a JSON export makes twenty calls an action).
    @inlinable
    public static func append(_ bytes: Span<UInt8>, to out: inout [UInt8]) {
        let n = bytes.count
        guard n > 0 else { return }
        bytes.withUnsafeBufferPointer { source in
            out.append(addingCapacity: n) { room in
                room.withUnsafeMutableBufferPointer { target, initialized in
                    precondition(target.count - initialized >= n, "bytes copied past the room made for them")
                    memcpy(target.baseAddress! + initialized, source.baseAddress!, n)
                    initialized += n
                }
            }
        }
    }

    /// A literal's UTF-8 appended to `out`, in one copy.
    public static func append(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// The bytes as an array of their own.
    public static func array(_ bytes: Span<UInt8>) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Array($0) }
    }

    /// The bytes as text, a byte that is not UTF-8 repaired as
    /// `String(decoding:as:)` repairs it (U+FFFD), written straight into the
    /// String's storage (for the short words a line is made of, half the
    /// instructions of `String(decoding:as:)`); ASCII capitals made small
    /// when asked.
    public static func string(_ bytes: Span<UInt8>, lowercasingASCII: Bool = false) -> String {
        bytes.withUnsafeBufferPointer { source in
            String(unsafeUninitializedCapacity: source.count) { storage in
                if lowercasingASCII {
                    for k in source.indices {
                        storage[k] = source[k] >= 0x41 && source[k] <= 0x5A ? source[k] + 32 : source[k]
                    }
                } else {
                    _ = storage.initialize(from: source)
                }
                return source.count
            }
        }
    }
}
