import Glibc
import HTLCore
import HTLModel

/// The one lock protocol of every htl writer of a ledger file: an exclusive
/// `flock` on the file itself. Appends hold it while they write; rewrites
/// hold it from their last look at the file until the new file is in place.
/// A writer that waited for the lock checks that the path still names the
/// file it locked (a rewrite replaces the file), and starts again if not.
enum FileLock {
    /// How long a writer waits for another htl process before giving up.
    static let patienceMilliseconds = 10_000

    /// Takes the exclusive lock on an open file, waiting for other htl
    /// writers; throws after `patienceMilliseconds`.
    static func exclusive(_ fd: Int32, shown: String) throws {
        var waited = 0
        var pause = 1
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw HTLError("cannot lock \(shown): \(FileSystem.errorText())")
            }
            guard waited < patienceMilliseconds else {
                throw HTLError("\(shown) is locked by another htl process; try again")
            }
            usleep(useconds_t(pause * 1000))
            waited += pause
            pause = min(pause * 2, 50)
        }
    }

    /// Whether the name in `folder` still denotes the open file `fd`.
    static func nameStillDenotes(_ fd: Int32, folder: Int32, name: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}

/// What a file looked like at one moment: a write changes its size or its
/// modification time. (Not its change time: renaming a file, as the atomic
/// exchange does, changes that too.)
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    init?(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
