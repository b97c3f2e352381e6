import Synchronization

/// The port the server listens on, written once when it is bound (it is
/// only known then for `--port 0`) and read by every request after. A
/// `Mutex` makes the one write and the many reads safe across threads;
/// nothing else in the server shares mutable state (the ledger is an actor).
public final class BoundPort: Sendable {
    private let port: Mutex<Int>

    init(_ port: Int) { self.port = Mutex(port) }

    public var value: Int {
        get { port.withLock { $0 } }
        set { port.withLock { $0 = newValue } }
    }
}
