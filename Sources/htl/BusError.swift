import Glibc
import HTLKit

/// Commands that only read map long logs into memory
/// (`LoadRequest.mapsLongLogs`). A program that cuts such a log short while
/// htl runs takes the mapped pages past its new end away, and reading one is
/// a bus error: htl then says what happened and exits with status 2, rather
/// than dying of the signal.
enum BusError {
    static func exitWithMessage() {
        // Made now: the handler only writes bytes that already exist.
        _ = busErrorMessage.count
        signal(SIGBUS) { _ in
            // An output file half written (a CSV export reads the log while it writes) is removed.
            TemporaryFiles.removePendingOnSignal()
            busErrorMessage.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
            _exit(2)
        }
    }
}

private let busErrorMessage: [UInt8] = Array("""
    htl: a ledger file was cut short by another program while htl read it (a bus error); \
    htl wrote no ledger file; run the command again

    """.utf8)
