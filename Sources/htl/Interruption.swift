import HTLKit

/// Ctrl-C, a hang-up or a `kill` while htl writes a file (a CSV export of a
/// million actions takes seconds) removes the temporary file it was
/// filling, then ends htl by the same signal as before: the file it would
/// have replaced stays as it was, and nothing half written is left beside it.
/// A signal htl was started with ignored (`nohup`, a background job of a
/// script) stays ignored.
enum Interruption {
    static func removeTemporaryFileFirst() {
        TemporaryFiles.removeOnInterrupt()
    }
}
