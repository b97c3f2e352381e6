import HTLCore
import HTLLoad
import HTLSystem

/// How every writer of a ledger runs (docs/ARCHITECTURE.md, "A writer"):
/// it takes the ledger's writer lock, loads the ledger under it, decides,
/// and writes through `AtomicFile`, which needs the lock; the lock is let
/// go when every file is in place. So what a writer decided on is what is
/// on disk when it writes, whatever other htl writers do meanwhile.
public enum LedgerWriter {
    /// Takes the writer lock (waiting as `waiting` says), loads the ledger
    /// as `request` says, and runs `change` with both.
    public static func change<T>(
        _ request: LoadRequest, waiting: WriterLock.Waiting,
        _ change: (LoadedLedger, WriterLock) throws -> T
    ) throws -> T {
        try WriterLock.holding(request.root, waiting) { lock in
            try change(try LedgerLoader.load(request), lock)
        }
    }

    /// A new ledger file whose path and text are made from the ledger
    /// (`htl review --write`), created under the writer lock; an existing
    /// file is never replaced. Returns what `make` returned.
    public static func create<T>(
        _ request: LoadRequest, waiting: WriterLock.Waiting,
        _ make: (LoadedLedger) throws -> (path: String, bytes: [UInt8], made: T)
    ) throws -> T {
        try change(request, waiting: waiting) { loaded, lock in
            let file = try make(loaded)
            try AtomicFile.create(file.path, under: lock, bytes: file.bytes)
            return file.made
        }
    }
}
