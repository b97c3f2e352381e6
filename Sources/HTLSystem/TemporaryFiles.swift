import CHTLSystem
import Glibc
import HTLCore
import HTLModel
import Synchronization

/// The temporary files htl writes next to a file before renaming them into
/// place: `.htl-tmp-<pid>-<random>`. One left behind by a killed process is
/// removed by the next write in its folder (its process is gone, or it is a
/// day old), and `htl check --staged` reports one that was staged.
public enum TemporaryFiles {
    static let prefix = ".htl-tmp-"

    /// Whether a file name is one of htl's temporary files.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(prefix)
    }

    /// Ctrl-C, SIGTERM or SIGHUP while htl fills a temporary file removes
    /// it, then ends htl by the same signal; a signal htl was started with
    /// ignored stays ignored (signals.c). For the command line, first thing.
    public static func removeOnInterrupt() {
        _ = htl_remove_temporary_on_interrupt()
    }

    /// A fresh, unpredictable name for this process.
    static func freshName() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return prefix + String(getpid()) + "-" + random
    }

    /// Folders already cleaned by this process (by real path).
    private static let cleaned = Mutex<Set<String>>([])

    /// Removes stale temporary files from a folder, once per process.
    /// `fresh` is a temporary file just written there: its modification time
    /// is "now" for judging age (the library never reads the clock itself).
    static func removeStale(in folder: Int32, besides fresh: String) {
        guard let real = FileSystem.realPath(of: folder) else { return }
        let first = cleaned.withLock { $0.insert(real).inserted }
        var own = stat()
        guard first, fstatat(folder, fresh, &own, AT_SYMLINK_NOFOLLOW) == 0, let names = try? FileSystem.list(real)
        else { return }
        for name in names where isTemporary(name) && name != fresh {
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else {
                continue
            }
            let dayOld = own.st_mtim.tv_sec - info.st_mtim.tv_sec > 86_400
            if dayOld || !processIsAlive(ownerPID(of: name)) {
                unlinkat(folder, name, 0)
            }
        }
    }

    /// The process id in a temporary file's name, when it has one.
    static func ownerPID(of name: String) -> Int32? {
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return Int32(rest[..<dash])
    }

    static func processIsAlive(_ pid: Int32?) -> Bool {
        guard let pid, pid > 0 else { return false }
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
