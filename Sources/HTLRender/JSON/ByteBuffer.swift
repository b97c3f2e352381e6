/// A growable run of bytes written through a pointer: an append is a
/// capacity check and a copy. (`[UInt8].append(contentsOf:)` goes through
/// the generic sequence machinery, about 180 instructions a call, and
/// export makes over twenty appends per action.) Copy on write, like an
/// array.
struct ByteBuffer {
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }

        deinit { base.deallocate() }
    }

    private var storage = Storage(capacity: 256)

    var count: Int { storage.count }
    var isEmpty: Bool { storage.count == 0 }

    /// The bytes as an array (a copy).
    var array: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    mutating func reserveCapacity(_ capacity: Int) {
        if !isKnownUniquelyReferenced(&storage) || storage.capacity < capacity {
            storage = storage.copy(capacity: max(capacity, storage.capacity))
        }
    }

    /// Room for up to `room` more bytes at the end: `body` writes them and
    /// returns how many it wrote.
    @inline(__always)
    mutating func append(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if !isKnownUniquelyReferenced(&storage) || storage.count + room > storage.capacity {
            storage = storage.copy(capacity: max(storage.count + room, 2 * storage.capacity))
        }
        storage.count += body(storage.base + storage.count)
    }

    /// Room for up to `room` more bytes, written by `body` through a
    /// `ByteWriter` (which checks nothing: `room` must bound what it writes).
    @inline(__always)
    mutating func write(room: Int, _ body: (inout ByteWriter) -> Void) {
        append(room: room) { p in
            var writer = ByteWriter(p)
            body(&writer)
            precondition(writer.count <= room, "a JSON write overran the room it reserved")
            return writer.count
        }
    }

    /// The bytes written so far, read in place.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        append(room: 1) { p in
            p.initialize(to: byte)
            return 1
        }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(room: bytes.count) { p in
            p.initialize(from: source, count: bytes.count)
            return bytes.count
        }
    }

    mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) { storage.count = 0 } else { storage = Storage(capacity: storage.capacity) }
    }
}
