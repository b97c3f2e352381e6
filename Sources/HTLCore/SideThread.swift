import Glibc

/// Work done on a thread of its own while the caller goes on, its result
/// taken when the caller needs it (`result`). A thread of its own, not one
/// of the pool `Parallel` shares out: work that waits (for a process, say)
/// would hold a pooled thread, and the caller's parallel work would then
/// have one core fewer. If the thread cannot be made, the work is done on
/// the spot.
package final class SideThread<T>: @unchecked Sendable {
    private var work: (() -> T)?
    private var value: T?
    private var thread: pthread_t?

    package init(_ work: @escaping @Sendable () -> T) {
        self.work = work
        start()
    }

    private func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, sideThreadMain, context) == 0 {
            self.thread = thread
        } else {
            // Not started: the reference meant for the thread is given back.
            Unmanaged<SideThread>.fromOpaque(context).release()
            run()
        }
    }

    fileprivate func run() {
        value = work?()
        work = nil
    }

    /// The work's result, once the thread has ended (written by it before it
    /// ended, read here only after joining it).
    package var result: T {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return value!
    }

    /// A thread whose result was never asked for is let go: its resources
    /// are freed when it ends, with no one to join it.
    deinit {
        if let thread { pthread_detach(thread) }
    }
}

/// What a side thread runs: the work of the `SideThread` it was given.
private func sideThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let side = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! SideThreadRunning
    side.runOnThread()
    return nil
}

private protocol SideThreadRunning: AnyObject {
    func runOnThread()
}

extension SideThread: SideThreadRunning {
    fileprivate func runOnThread() { run() }
}
