import HTLCore
import HTLModel

/// `.htl-timer` at a ledger root (`TimerState`), read for the timer
/// commands and for what shows the running timer (status, the web app,
/// the language server's hover). Never through a link; at most 64 KiB.
public enum TimerFile {
    /// The state and the file's bytes (what a rewrite must still find
    /// there); nil when no timer was ever started here.
    public static func read(_ root: LedgerRoot) throws -> (state: TimerState, bytes: [UInt8])? {
        let path = FileSystem.join(root.path, TimerState.fileName)
        if FileSystem.isSymbolicLink(path) {
            throw HTLError("\(TimerState.fileName) is a symbolic link; htl does not follow it (remove it)")
        }
        guard FileSystem.kind(of: path) != .missing else { return nil }
        // A timer is one short line: anything longer is not one htl wrote.
        let bytes = (try? FileSystem.read(path, atMost: 64 * 1024)) ?? []
        guard let state = TimerState.parse(bytes) else {
            throw HTLError(
                "\(TimerState.fileName) is not a timer htl wrote (one line: running DATE HH:MM TEXT); "
                    + "fix or remove it")
        }
        return (state, bytes)
    }

    /// The timer's state; nil when none was started, or the file cannot be read.
    public static func state(_ root: LedgerRoot) -> TimerState? {
        (try? read(root))?.state
    }
}
