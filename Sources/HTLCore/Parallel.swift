import Dispatch
import Glibc
import Synchronization

/// Independent pieces of work at the same time, on every core the machine
/// has. Results come back in a fixed order, so output never depends on
/// which finished first.
///
/// The one place in htl where threads write into memory they share
/// (`fill`, `write`). What it relies on, and checks:
///
/// - Every job is a `@Sendable` closure, so the compiler checks what each
///   call site shares with the jobs (nothing mutable).
/// - A job writes only its own part: `Region.append` traps past the
///   region's room, `write` hands each job a `MutableSpan` of its own range
///   (checked on every access), and the ranges are checked to lie in the
///   array and not to overlap before any job starts.
/// - Nothing is read back until every job has ended
///   (`DispatchQueue.concurrentPerform` returns only then).
/// - `fill` keeps exactly the elements the jobs appended: it counts them,
///   moves them together in job order, and the array's count is their sum.
///
/// ParallelTests hold each of these (a write past a region traps in a child
/// process; every element lands once, in order, at every size).
public enum Parallel {
    /// `body(0)`, …, `body(count - 1)`, as many at once as there are cores
    /// (each core takes the next one when it is done), in index order.
    package static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let results = Mutex([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let value = body(i)
            results.withLock { $0[i] = value }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// `[body(0), …, body(count - 1)]`, made in `pieces` slices on every
    /// core, each element written in its place: no list per slice joined
    /// afterwards, which copied every element once more on one core.
    package static func array<T: Sendable>(_ count: Int, pieces: Int = 8, _ body: @Sendable (Int) -> T) -> [T] {
        let slices = slices(count, pieces: pieces)
        return fill(rooms: slices.map(\.count)) { s, region in
            for i in slices[s] { region.append(body(i)) }
        }.elements
    }

    /// One array filled by `rooms.count` jobs at once, after `prefix`: job
    /// `k` appends at most `rooms[k]` elements to its own region; once all
    /// have ended, the regions' elements follow `prefix` in job order, with
    /// no room left between them. Returns the elements and each job's result.
    package static func fill<T: Sendable, R: Sendable>(
        after prefix: [T] = [], rooms: [Int], _ job: @Sendable (Int, inout Region<T>) -> R
    ) -> (elements: [T], results: [R]) {
        precondition(rooms.allSatisfy { $0 >= 0 }, "a region with negative room")
        let starts = rooms.reduce(into: [prefix.count]) { $0.append($0.last! + $1) }
        var results: [(result: R, count: Int)] = []
        let elements = [T](unsafeUninitializedCapacity: starts.last!) { buffer, initialized in
            _ = buffer.initialize(from: prefix)
            let base = Base(buffer.baseAddress)
            results = map(rooms.count) { k in
                var region = Region<T>(base.pointer.map { $0 + starts[k] }, room: rooms[k])
                let result = job(k, &region)
                return (result, region.count)
            }
            // Each region's elements moved up behind the last one kept.
            var end = prefix.count
            for k in rooms.indices {
                let count = results[k].count
                if starts[k] != end, let pointer = buffer.baseAddress {
                    (pointer + end).moveInitialize(from: pointer + starts[k], count: count)
                }
                end += count
            }
            initialized = end
        }
        return (elements, results.map(\.result))
    }

    /// Writes into `array` from several jobs at once: job `k` gets a
    /// `MutableSpan` of `array[ranges[k]]` and nothing else. The ranges
    /// must lie in the array and not overlap.
    package static func write<T: BitwiseCopyable & Sendable>(
        into array: inout [T], ranges: [Range<Int>], _ job: @Sendable (Int, inout MutableSpan<T>) -> Void
    ) {
        let ordered = ranges.sorted { $0.lowerBound < $1.lowerBound }
        precondition(
            ordered.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= array.count }, "a range outside the array")
        precondition(
            zip(ordered, ordered.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "ranges that overlap")
        array.withUnsafeMutableBufferPointer { buffer in
            let base = Base(buffer.baseAddress)
            _ = map(ranges.count) { k in
                let part = UnsafeMutableBufferPointer(
                    start: base.pointer.map { $0 + ranges[k].lowerBound }, count: ranges[k].count)
                var span = part.mutableSpan
                job(k, &span)
            }
        }
    }

    /// Room for one job's elements in the array `fill` makes: appended in
    /// order, each write checked against the room. (Public and inlinable:
    /// a generic call per element, unspecialized across modules, cost the
    /// log parser some 90 instructions an action.)
    public struct Region<T>: ~Copyable {
        @usableFromInline let start: UnsafeMutablePointer<T>?
        /// How many elements the region can hold.
        public let room: Int
        /// How many it holds (written only by `append`).
        @usableFromInline var written = 0

        /// How many it holds.
        public var count: Int { written }

        fileprivate init(_ start: UnsafeMutablePointer<T>?, room: Int) {
            self.start = start
            self.room = room
        }

        @inlinable public mutating func append(_ element: consuming T) {
            precondition(written < room, "an element written past its region")
            // `room` > 0, so the array has storage and `start` is not nil.
            (start! + written).initialize(to: element)
            written += 1
        }
    }

    /// An array's storage, handed to the jobs (each touches only its part).
    private struct Base<T>: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<T>?

        init(_ pointer: UnsafeMutablePointer<T>?) {
            self.pointer = pointer
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

    /// How many cores the machine has (at least one).
    package static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// `0..<count` cut into at most `pieces` runs of about equal length, so
    /// the cores can share them.
    package static func slices(_ count: Int, pieces: Int = 8) -> [Range<Int>] {
        let size = max(1, (count + pieces - 1) / pieces)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }
}
