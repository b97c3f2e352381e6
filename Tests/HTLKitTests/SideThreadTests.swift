import Glibc
import Testing

@testable import HTLCore

/// Work handed to a side thread runs beside its caller, and its result is
/// the caller's once asked for.
@Suite struct SideThreadTests {
    /// The work runs on a thread other than the caller's (done on the spot,
    /// in the initializer or when the result is asked for, it would run on
    /// the caller's own).
    @Test func theWorkRunsOnAThreadOfItsOwn() {
        let caller = pthread_self()
        let side = SideThread { pthread_self() }
        #expect(pthread_equal(side.result, caller) == 0)
    }

    /// Asked twice, the result is the same (the thread is joined once).
    @Test func theResultCanBeReadAgain() {
        let side = SideThread { (1...1_000).reduce(0, +) }
        #expect(side.result == 500_500)
        #expect(side.result == 500_500)
    }

    /// Thrown errors come back as values the caller rethrows.
    @Test func anErrorComesBackToTheCaller() {
        struct Failure: Error {}
        let side = SideThread { Result<Int, Error> { throw Failure() } }
        #expect(throws: Failure.self) { try side.result.get() }
    }
}
