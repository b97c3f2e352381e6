import Glibc

/// Waits for an entry to appear in a folder, told by the kernel
/// (inotify), not found by looking again and again.
public enum FolderWatch {
    /// Returns once `folder` holds an entry whose name starts with
    /// `prefix` (at once when it holds one already); false if none appeared
    /// within `limit` seconds (a safety net for a failing test, never a wait
    /// a passing one makes).
    public static func waitForEntry(in folder: String, prefix: String, limit seconds: Int32 = 60) -> Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard inotify_add_watch(fd, folder, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else { return false }
        // Watched first, then looked at: an entry made in between is seen either way.
        if holds(folder, prefix) { return true }
        var events = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pending, 1, seconds * 1000)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = events.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            if names(in: events[..<count]).contains(where: { $0.hasPrefix(prefix) }) { return true }
        }
    }

    private static func holds(_ folder: String, _ prefix: String) -> Bool {
        guard let dir = opendir(folder) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) { return true }
        }
        return false
    }

    /// The names in a run of inotify events (each: a 16-byte header whose
    /// last field is the length of the NUL-padded name that follows).
    private static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var i = bytes.startIndex
        while i + 16 <= bytes.endIndex {
            let length =
                Int(bytes[i + 12]) | Int(bytes[i + 13]) << 8 | Int(bytes[i + 14]) << 16 | Int(bytes[i + 15]) << 24
            let name = bytes[(i + 16)..<min(i + 16 + length, bytes.endIndex)].prefix { $0 != 0 }
            names.append(String(decoding: name, as: UTF8.self))
            i += 16 + length
        }
        return names
    }
}
