import Glibc
import HTLCore
import Synchronization

/// The ledger's one writer lock: an exclusive `flock` on the ledger's root
/// folder, which no writer ever replaces (a lock on a file that a writer
/// replaces by a rename excludes nobody: the next writer opens the new file).
///
/// Invariants (docs/SECURITY.md, "The writer lock"):
///
/// - Every htl writer of a ledger holds the lock for the whole of its read →
///   decide → write → replace: it takes the lock, then loads the ledger,
///   decides, writes, and lets go when every file is in place.
///   `AtomicFile` writes a ledger file only for the holder of a
///   `WriterLock` that is still held, so no writer can forget it.
/// - Two writers of one ledger never run at once, in one process or in
///   two: each takes the lock on a descriptor of its own (`flock` excludes
///   open file descriptions, not processes).
/// - Readers take no lock. They read each file's bytes once, and a writer
///   replaces a file by an atomic rename, so a reader sees the old file or
///   the new one: readers never block writers, writers never wait for readers.
/// - The lock ends with its process: a writer killed half way leaves no
///   stale lock behind.
public final class WriterLock: Sendable {
    /// How a writer waits for another one.
    public struct Waiting: Sendable {
        /// How long to wait for another writer before giving up.
        public var patienceMilliseconds: Int
        /// Called once when the lock is taken by another writer at the
        /// first try (a front end on a terminal says that it waits).
        public var onWait: @Sendable () -> Void
        /// Called before each write made under the lock, with the ledger
        /// path about to be written: a test holds a writer there and runs
        /// another against it.
        package var beforeWrite: (@Sendable (String) -> Void)?

        public init(patienceMilliseconds: Int = 10_000, onWait: @escaping @Sendable () -> Void = {}) {
            self.patienceMilliseconds = patienceMilliseconds
            self.onWait = onWait
        }
    }

    /// The ledger this lock is for.
    public let root: LedgerRoot
    private let waiting: Waiting
    private let held = Mutex(true)

    private init(root: LedgerRoot, waiting: Waiting) {
        self.root = root
        self.waiting = waiting
    }

    /// Runs `body` holding the writer lock of the ledger at `root`, after
    /// waiting for another writer at most `waiting.patienceMilliseconds`
    /// (then it throws, and nothing was written). The lock is let go when
    /// `body` returns or throws.
    public static func holding<T>(_ root: LedgerRoot, _ waiting: Waiting, _ body: (WriterLock) throws -> T) throws -> T
    {
        let fd = open(root.realPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw HTLError("cannot open the ledger folder \(root.path): \(FileSystem.errorText())") }
        defer { close(fd) }
        try take(fd, root: root, waiting)
        let lock = WriterLock(root: root, waiting: waiting)
        defer { lock.held.withLock { $0 = false } }
        return try body(lock)
    }

    /// Whether the lock is still held (it is not once `holding` returned).
    public var isHeld: Bool { held.withLock { $0 } }

    /// Takes the lock on the open root folder, waiting with growing pauses.
    private static func take(_ fd: Int32, root: LedgerRoot, _ waiting: Waiting) throws {
        var waited = 0
        var pause = 1
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw HTLError("cannot lock the ledger \(root.path) for writing: \(FileSystem.errorText())")
            }
            if waited == 0 { waiting.onWait() }
            guard waited < waiting.patienceMilliseconds else {
                throw HTLError(
                    "another htl process is writing to the ledger \(root.path) and did not finish within "
                        + "\(duration(waiting.patienceMilliseconds)); nothing was written (run the command again)")
            }
            usleep(useconds_t(pause * 1000))
            waited += pause
            pause = min(pause * 2, 10)
        }
    }

    /// "10 s", "250 ms".
    private static func duration(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Called by `AtomicFile` before it writes `path` for this holder.
    func willWrite(_ path: String) throws {
        guard isHeld else {
            throw HTLError("internal error: \(path) was about to be written after the writer lock was let go")
        }
        waiting.beforeWrite?(path)
    }
}
