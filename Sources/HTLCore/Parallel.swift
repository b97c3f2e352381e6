import Dispatch

/// Two pieces of independent work at the same time, on two cores when the
/// machine has them. Results come back in a fixed order, so output never
/// depends on which finished first.
package enum Parallel {
    package static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        let results = Results<A, B>()
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let work = Work(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { i in
                    if i == 0 { results.first = work.first() } else { results.second = work.second() }
                }
            }
        }
        return (results.first!, results.second!)
    }

    /// Each slot is written by one iteration only and read after both end.
    private final class Results<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }

    private struct Work<A, B>: @unchecked Sendable {
        let first: () -> A
        let second: () -> B
    }
}
