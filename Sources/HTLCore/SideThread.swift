import Dispatch
import Synchronization

/// Work done on a thread of its own while the caller goes on, its result
/// taken when the caller needs it (`result`). A serial queue of its own,
/// not the pool `Parallel` shares out: work that waits (for a process, say)
/// on a pooled thread would leave the caller's parallel work a core fewer,
/// and a queue of its own is given a thread of its own.
package final class SideThread<T: Sendable>: Sendable {
    private let box = Box()
    private let done = DispatchGroup()

    private final class Box: Sendable {
        let value = Mutex<T?>(nil)
    }

    package init(_ work: @escaping @Sendable () -> T) {
        let (box, done) = (box, done)
        done.enter()
        DispatchQueue(label: "htl.side-thread").async {
            let value = work()
            box.value.withLock { $0 = value }
            done.leave()
        }
    }

    /// The work's result, once it is done.
    package var result: T {
        done.wait()
        return box.value.withLock { $0! }
    }
}
