import Dispatch

/// Independent pieces of work at the same time, on every core the machine
/// has. Results come back in a fixed order, so output never depends on
/// which finished first.
package enum Parallel {
    /// `body(0)`, …, `body(count - 1)`, as many at once as there are cores
    /// (each core takes the next one when it is done), in index order.
    package static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        let slots = Slots<T>(count)
        withoutActuallyEscaping(body) { body in
            let work = Job(body: body)
            DispatchQueue.concurrentPerform(iterations: count) { i in slots.store(work.body(i), at: i) }
        }
        return slots.values
    }

    /// `[body(0), …, body(count - 1)]`, made in `pieces` slices on every
    /// core, each element written in its place: no list per slice joined
    /// afterwards, which copied every element once more on one core (for
    /// a goal's progress, a reference count per list it holds).
    package static func array<T>(_ count: Int, pieces: Int = 8, _ body: (Int) -> T) -> [T] {
        let slices = slices(count, pieces: pieces)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = Place(buffer)
            _ = map(slices.count) { s in
                for i in slices[s] { (out.base! + i).initialize(to: body(i)) }
            }
            initialized = count
        }
    }

    /// Has a worker thread started now, ahead of the first `map` (htl calls
    /// it as a command starts). A thread the first `map` starts itself took
    /// its first piece of work milliseconds later, while the caller worked
    /// alone and then waited for that piece: on a small ledger, a tenth of
    /// the whole command.
    package static func wake() {
        DispatchQueue.global().async {}
    }

    /// `0..<count` cut into at most `pieces` runs of about equal length, so
    /// the cores can share them.
    package static func slices(_ count: Int, pieces: Int = 8) -> [Range<Int>] {
        let size = max(1, (count + pieces - 1) / pieces)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Where the slices of one parallel job write into one buffer, each its
    /// own positions only (the pointer outlives no call).
    package struct Place<T>: @unchecked Sendable {
        package let base: UnsafeMutablePointer<T>?

        package init(_ buffer: UnsafeMutableBufferPointer<T>) {
            base = buffer.baseAddress
        }
    }

    private struct Job<T>: @unchecked Sendable {
        let body: (Int) -> T
    }

    /// One slot per index, each written by one iteration only and read after all end.
    private final class Slots<T>: @unchecked Sendable {
        private let pointer: UnsafeMutablePointer<T?>
        private let count: Int

        init(_ count: Int) {
            self.count = count
            pointer = .allocate(capacity: count)
            pointer.initialize(repeating: nil, count: count)
        }

        func store(_ value: T, at index: Int) { pointer[index] = value }

        var values: [T] { (0..<count).map { pointer[$0]! } }

        deinit {
            pointer.deinitialize(count: count)
            pointer.deallocate()
        }
    }
}
