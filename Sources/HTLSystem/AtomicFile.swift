import CHTLSystem
import Glibc
import HTLCore
import HTLModel

/// Writes that never lose what the user wrote (CLI.md "Conventions"). Every
/// write of a ledger file is made for the holder of the ledger's
/// `WriterLock`, so no other htl writer runs meanwhile; the checks below are
/// against programs that are not htl (an editor saving the same file):
///
/// - a rewrite writes a temporary file in the same folder and fsyncs it,
///   checks that the file still holds what the writer read, and swaps the
///   two names atomically; if the old file changed meanwhile, it swaps them
///   back and refuses, leaving both texts;
/// - a new file is renamed into place only if the name is still free;
/// - an append reserves its space, writes one line, and on any failure
///   truncates the file back to its old length;
/// - nothing is written outside the ledger root, through a read-only file,
///   or with another owner or mode than the file had.
public enum AtomicFile {
    /// A write htl declined, leaving everything as it was: the file changed
    /// on disk, is read-only, or already exists.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        init(_ message: String) {
            self.message = message
        }
    }

    // MARK: Rewrites

    /// Replaces a ledger file whose content the caller read as `original`.
    public static func replace(_ relative: String, under lock: WriterLock, original: [UInt8], with bytes: [UInt8])
        throws
    {
        try lock.willWrite(relative)
        let root = lock.root
        let target = try root.resolvedForWriting(relative)
        let folder = try Folder(root: root, ledgerPath: FileSystem.parent(target) ?? "")
        defer { folder.close() }
        let name = FileSystem.name(target)
        let fd = try FileSystem.openRegular(at: folder.fd, name, O_RDONLY | O_NOFOLLOW, shown: relative)
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw HTLError("cannot read \(relative): \(FileSystem.errorText())") }
        try refuseReadOnly(info, folder: folder, name: name, shown: relative)
        try folder.withTemporary(
            bytes, mode: mode_t(info.st_mode & 0o7777), owner: (info.st_uid, info.st_gid), shown: relative
        ) { temporary in
            guard try readAll(fd, shown: relative) == original, let verified = FileStamp(fd),
                FileStamp.nameStillDenotes(fd, folder: folder.fd, name: name)
            else {
                throw Refusal(
                    "\(relative) changed on disk since htl read it; nothing was written (run the command again)")
            }
            try swapIntoPlace(temporary, name, folder: folder, verified: verified, shown: relative)
        }
        folder.sync()
    }

    /// Exchanges the temporary file with the target; if the file that comes
    /// out is not the one verified (another program replaced it or wrote to
    /// it meanwhile), exchanges them back and refuses.
    private static func swapIntoPlace(
        _ temporary: String, _ name: String, folder: Folder, verified: FileStamp, shown: String
    ) throws {
        let changed = Refusal(
            "\(shown) changed on disk while htl was writing it; it was left as it was (run the command again)")
        if htl_exchange_at(folder.fd, temporary, name) != 0 {
            guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
                throw HTLError("cannot replace \(shown): \(FileSystem.errorText())")
            }
            // No atomic exchange on this file system: a plain rename after a last look.
            guard FileStamp(at: folder.fd, name) == verified else { throw changed }
            guard renameat(folder.fd, temporary, folder.fd, name) == 0 else {
                throw HTLError("cannot replace \(shown): \(FileSystem.errorText())")
            }
            return
        }
        guard FileStamp(at: folder.fd, temporary) == verified else {
            _ = htl_exchange_at(folder.fd, temporary, name)
            throw changed
        }
        unlinkat(folder.fd, temporary, 0)
    }

    /// A file nobody may write (no write permission for anyone, or none
    /// for this user) is left alone, even by root.
    private static func refuseReadOnly(_ info: stat, folder: Folder, name: String, shown: String) throws {
        if info.st_mode & 0o222 == 0 || faccessat(folder.fd, name, W_OK, AT_EACCESS) != 0 {
            throw Refusal("\(shown) is read-only; htl leaves it as it is")
        }
    }

    // MARK: New files

    /// Creates a ledger file; an existing file (or link) is never replaced.
    public static func create(_ relative: String, under lock: WriterLock, bytes: [UInt8], mode: mode_t? = nil) throws {
        try lock.willWrite(relative)
        try makeFolders(FileSystem.parent(relative) ?? "", in: lock.root)
        let folder = try Folder(root: lock.root, ledgerPath: FileSystem.parent(relative) ?? "")
        defer { folder.close() }
        try create(FileSystem.name(relative), in: folder, bytes: bytes, mode: mode, shown: relative)
    }

    /// Creates a file in a folder outside any ledger (a git hook); an
    /// existing file is never replaced.
    public static func create(name: String, inFolder path: String, bytes: [UInt8], mode: mode_t? = nil) throws {
        let folder = try Folder(absolute: path)
        defer { folder.close() }
        try create(name, in: folder, bytes: bytes, mode: mode, shown: FileSystem.join(path, name))
    }

    private static func create(_ name: String, in folder: Folder, bytes: [UInt8], mode: mode_t?, shown: String) throws {
        try folder.withTemporary(bytes, mode: mode ?? defaultMode(), owner: nil, shown: shown) { temporary in
            guard htl_rename_noreplace_at(folder.fd, temporary, name) != 0 else { return }
            if errno == EEXIST { throw Refusal("\(shown) already exists; not overwriting it") }
            guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
                throw HTLError("cannot create \(shown): \(FileSystem.errorText())")
            }
            // No RENAME_NOREPLACE here: a hard link fails on an existing name too.
            guard linkat(folder.fd, temporary, folder.fd, name, 0) == 0 else {
                if errno == EEXIST { throw Refusal("\(shown) already exists; not overwriting it") }
                throw HTLError("cannot create \(shown): \(FileSystem.errorText())")
            }
            unlinkat(folder.fd, temporary, 0)
        }
        folder.sync()
    }

    static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// Creates a ledger folder and its parents inside the root (`mkdir -p`).
    public static func makeFolders(_ relative: String, under lock: WriterLock) throws {
        try lock.willWrite(relative)
        try makeFolders(relative, in: lock.root)
    }

    private static func makeFolders(_ relative: String, in root: LedgerRoot) throws {
        var built = ""
        for component in relative.split(separator: "/") {
            let parent = try Folder(root: root, ledgerPath: built)
            defer { parent.close() }
            if mkdirat(parent.fd, String(component), 0o777) != 0, errno != EEXIST {
                throw HTLError(
                    "cannot create folder \(FileSystem.join(built, String(component))): \(FileSystem.errorText())")
            }
            built = FileSystem.join(built, String(component))
        }
    }

    // MARK: Appends

    /// Appends lines (given without their last line ending) to a ledger log
    /// file, creating it with `header` first when missing. All or nothing:
    /// when the disk is full or the write fails, the file keeps its old bytes.
    public static func appendLine(_ line: [UInt8], to relative: String, under lock: WriterLock, header: [UInt8] = [])
        throws
    {
        try lock.willWrite(relative)
        let root = lock.root
        try makeFolders(FileSystem.parent(relative) ?? "", in: root)
        let target = try root.resolvedForWriting(relative)
        let folder = try Folder(root: root, ledgerPath: FileSystem.parent(target) ?? "")
        defer { folder.close() }
        let name = FileSystem.name(target)
        // Another program (not htl: it holds no lock) may create or replace the file meanwhile.
        for _ in 0..<10 {
            if FileStamp(at: folder.fd, name) == nil, errno == ENOENT {
                do {
                    try create(name, in: folder, bytes: header, mode: nil, shown: relative)
                } catch is Refusal {
                    // Created by another program meanwhile: append to theirs.
                }
                continue
            }
            let fd = try FileSystem.openRegular(at: folder.fd, name, O_RDWR | O_APPEND | O_NOFOLLOW, shown: relative)
            defer { Glibc.close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw HTLError("cannot read \(relative): \(FileSystem.errorText())") }
            try refuseReadOnly(info, folder: folder, name: name, shown: relative)
            try appendOpen(line, fd: fd, size: Int64(info.st_size), shown: relative)
            // Replaced by another program while the line was written: the line went to the old file; write it again.
            if FileStamp.nameStillDenotes(fd, folder: folder.fd, name: name) { return }
        }
        throw HTLError("\(relative) kept being replaced by another program while htl appended to it; try again")
    }

    private static func appendOpen(_ line: [UInt8], fd: Int32, size: Int64, shown: String) throws {
        var bytes: [UInt8] = []
        if size > 0 {
            var last: UInt8 = 0x0A
            _ = pread(fd, &last, 1, off_t(size - 1))
            if last != 0x0A { bytes.append(0x0A) }
        }
        bytes += line
        bytes.append(0x0A)
        if htl_reserve(fd, off_t(size), off_t(bytes.count)) != 0, errno == ENOSPC || errno == EDQUOT || errno == EFBIG {
            throw HTLError("cannot append to \(shown): \(FileSystem.errorText()); nothing was written")
        }
        do {
            try writeAll(fd, bytes, shown: shown)
            guard fsync(fd) == 0 else { throw HTLError("cannot write \(shown): \(FileSystem.errorText())") }
        } catch let error as HTLError {
            // Leave the file exactly as it was: no torn half line.
            _ = ftruncate(fd, off_t(size))
            _ = fsync(fd)
            throw HTLError(error.message + "; nothing was written")
        }
    }

    // MARK: Output files

    /// Writes a command's output file (a report) atomically. It may lie
    /// anywhere the user names, but never on a ledger source file.
    public static func writeOutput(_ bytes: [UInt8], to path: String, ledger root: LedgerRoot) throws {
        try writeOutput(to: path, ledger: root) { write in try write(bytes) }
    }

    /// The same for output made in pieces: `produce` hands each piece to
    /// the function it is given, in order (a CSV file of a million actions
    /// is written as it is made, never held whole). The file appears only
    /// when every piece is written; if `produce` throws, nothing does.
    public static func writeOutput(
        to path: String, ledger root: LedgerRoot,
        _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let folderPath = FileSystem.parent(path) ?? "."
        guard let realFolder = FileSystem.realPath(folderPath) else {
            throw HTLError("cannot write \(path): no folder \(folderPath)")
        }
        // A link already at the name would lead the output wherever it points (outside the ledger, over a
        // file of the user's): never followed.
        if FileSystem.isSymbolicLink(path) {
            throw HTLError(
                "\(path) is a symbolic link; htl does not write output through one (remove it, or name another file)")
        }
        let realTarget = FileSystem.join(realFolder, FileSystem.name(path))
        if let inside = root.relative(realPath: realTarget), LedgerLayout.kind(of: inside) != nil {
            throw HTLError("\(path) is a ledger file (\(inside)); htl does not replace ledger files with output")
        }
        let folder = try Folder(absolute: FileSystem.parent(realTarget) ?? "/")
        defer { folder.close() }
        let name = FileSystem.name(realTarget)
        var info = stat()
        var mode = defaultMode()
        if fstatat(folder.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw HTLError("\(path) is a folder; give a file name")
            default: throw HTLError("\(path) is not a regular file; not writing there")
            }
            try refuseReadOnly(info, folder: folder, name: name, shown: path)
            mode = mode_t(info.st_mode & 0o7777)
        }
        try folder.withTemporary(mode: mode, owner: nil, shown: path) { fd in
            try produce { piece in try writeAll(fd, piece, shown: path) }
        } place: { temporary in
            guard renameat(folder.fd, temporary, folder.fd, name) == 0 else {
                throw HTLError("cannot write \(path): \(FileSystem.errorText())")
            }
        }
        folder.sync()
    }

    // MARK: Shared

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], shown: String) throws {
        if let failure = FileSystem.write(bytes, to: fd) {
            throw HTLError("cannot write \(shown): \(FileSystem.errorText(failure))")
        }
    }

    /// The whole file from its start, read through the open descriptor.
    static func readAll(_ fd: Int32, shown: String) throws -> [UInt8] {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw HTLError("cannot read \(shown): \(FileSystem.errorText())") }
        return try FileSystem.read(fd, shown: shown)
    }
}

/// An open folder that writes happen in, by descriptor, so that a folder
/// swapped for a link after the check cannot redirect them.
struct Folder {
    let fd: Int32
    let shown: String

    /// A folder of the ledger, checked to lie inside the root.
    init(root: LedgerRoot, ledgerPath: String) throws {
        fd = try root.openFolder(ledgerPath)
        shown = ledgerPath.isEmpty ? root.path : ledgerPath
    }

    init(absolute path: String) throws {
        let opened = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { throw HTLError("cannot open folder \(path): \(FileSystem.errorText())") }
        fd = opened
        shown = path
    }

    func close() {
        _ = Glibc.close(fd)
    }

    func sync() {
        _ = fsync(fd)
    }

    /// `withTemporary` of a file holding `bytes`.
    func withTemporary(
        _ bytes: [UInt8], mode: mode_t, owner: (uid_t, gid_t)?, shown: String,
        place: (_ temporary: String) throws -> Void
    ) throws {
        try withTemporary(
            mode: mode, owner: owner, shown: shown, { fd in try AtomicFile.writeAll(fd, bytes, shown: shown) },
            place: place)
    }

    /// A fresh temporary file here (mode and owner as given), filled by
    /// `fill` through its descriptor and synced, then handed by name to
    /// `place`, which renames it into place. Removed when anything fails.
    /// From before it exists until `place` returns, its name is the one the
    /// interrupt handler removes (signals.c): Ctrl-C at any moment leaves
    /// no temporary file behind (a name already renamed away, or one that
    /// now holds the file it replaced, is removed harmlessly).
    func withTemporary(
        mode: mode_t, owner: (uid_t, gid_t)?, shown: String, _ fill: (Int32) throws -> Void,
        place: (_ temporary: String) throws -> Void
    ) throws {
        let name = TemporaryFiles.freshName()
        let named = htl_temporary_begin(fd, name) == 1
        defer { if named { htl_temporary_end() } }
        var (created, placed) = (false, false)
        defer { if created && !placed { unlinkat(fd, name, 0) } }
        try fillTemporary(name, mode: mode, owner: owner, shown: shown, created: &created, fill)
        TemporaryFiles.removeStale(in: fd, besides: name)
        try place(name)
        placed = true
    }

    /// Creates `name` (it must not exist: `created` says whether it was),
    /// fills and syncs it.
    private func fillTemporary(
        _ name: String, mode: mode_t, owner: (uid_t, gid_t)?, shown: String, created: inout Bool,
        _ fill: (Int32) throws -> Void
    ) throws {
        let tfd = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard tfd >= 0 else { throw HTLError("cannot write \(shown): \(FileSystem.errorText())") }
        created = true
        defer { Glibc.close(tfd) }
        try fill(tfd)
        if let (uid, gid) = owner, uid != geteuid() || gid != getegid() {
            guard fchown(tfd, uid, gid) == 0 else {
                throw AtomicFile.Refusal(
                    "\(shown) belongs to another user; htl cannot keep its owner, so it leaves it as it is")
            }
        }
        guard fchmod(tfd, mode) == 0, fsync(tfd) == 0 else {
            throw HTLError("cannot write \(shown): \(FileSystem.errorText())")
        }
    }
}
