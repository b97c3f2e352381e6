import Dispatch
@testable import HTLCore
import Testing

/// Work handed to a side thread runs beside its caller, and its result is
/// the caller's once asked for.
@Suite struct SideThreadTests {
    /// The work waits for the caller to let it go on: done on the spot (in
    /// the initializer) it would wait out its time and answer -1.
    @Test func theWorkRunsWhileTheCallerGoesOn() {
        let gate = DispatchSemaphore(value: 0)
        let side = SideThread { gate.wait(timeout: .now() + 10) == .success ? 42 : -1 }
        gate.signal()
        #expect(side.result == 42)
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
