import CHTLSystem

/// The id git gives a blob (SHA-1), computed here: whether a log still
/// begins with the text HEAD holds for it is a hash of that beginning
/// compared with HEAD's id, not the whole blob inflated by git, sent
/// through a pipe and compared byte by byte.
enum GitBlobID {
    /// 40 lowercase hex digits, as git writes an id. `hardware`: use the
    /// processor's SHA instructions where it has them (the same id).
    static func of(_ bytes: ArraySlice<UInt8>, hardware: Bool = true) -> String {
        HeadLogs.lowerHex(SystemCalls.gitBlobID(bytes, hardware: hardware)[...])
    }

    /// Whether `of` uses the processor's SHA instructions here.
    static var usesHardware: Bool { htl_sha1_hardware_available() == 1 }

    /// A SHA-1 id (git's other object format, SHA-256, is not computed here).
    static func isSHA1(_ id: String) -> Bool { id.utf8.count == 40 }
}
