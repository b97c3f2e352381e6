import Glibc

/// What a file looked like at one moment: which file it is (device and
/// inode), its size and its modification time. A write changes the size or
/// the modification time; a rename into its name makes it another file.
/// (Not its change time: renaming a file, as an atomic exchange does,
/// changes that too.)
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The stamp of an open file.
    init?(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the file a name in a folder denotes (a link is not
    /// followed); nil, with `errno`, when there is none.
    init?(at folder: Int32, _ name: String) {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }

    /// Whether the name in `folder` still denotes the open file `fd`.
    static func nameStillDenotes(_ fd: Int32, folder: Int32, name: String) -> Bool {
        guard let open = FileStamp(fd), let named = FileStamp(at: folder, name) else { return false }
        return open.device == named.device && open.inode == named.inode
    }
}
