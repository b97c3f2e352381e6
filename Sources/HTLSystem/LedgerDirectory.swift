import Glibc
import HTLCore
import HTLModel

/// The files of a ledger as read from disk, and a `bad-entry` finding for
/// every entry htl refused to read (FORMAT.md §1, CLI.md "Conventions").
public struct LedgerFiles: Sendable {
    /// Sorted by path bytes.
    public var files: [SourceFile]
    /// `bad-entry` findings, in walk order.
    public var findings: [Finding]

    public init(files: [SourceFile], findings: [Finding] = []) {
        self.files = files
        self.findings = findings
    }
}

/// Finds a ledger's root folder and reads its files from disk, never
/// following a symbolic link out of the root and never blocking on a FIFO.
public enum LedgerDirectory {
    /// The first folder at or above `start` that holds a regular file `htl.yaml`.
    public static func findRoot(from start: String) throws -> String {
        var current = LedgerPath.normalise(LedgerPath.absoluteFolder(start))
        var looked: [String] = []
        while true {
            let candidate = FileSystem.join(current, LedgerLayout.settingsFile)
            switch FileSystem.kind(of: candidate) {
            case .file:
                return current
            case .directory, .other:
                throw HTLError("\(candidate) is not a regular file")
            case .missing:
                looked.append(current)
            }
            guard let parent = FileSystem.parent(current), parent != current else { break }
            current = parent
        }
        let from = looked.first ?? start
        throw HTLError("no ledger found: no htl.yaml in \(from) or any folder above it (run 'htl init' to create one)")
    }

    /// Every ledger file below `root`, in byte order of their paths, with
    /// findings for entries that lead outside the root, dangle, are not
    /// regular files, or are folders named like ledger files. Each file's
    /// bytes are read once into memory: nothing is mapped or held open.
    public static func read(_ root: LedgerRoot) throws -> LedgerFiles {
        var walk = Walk(root: root)
        for name in [LedgerLayout.settingsFile, LedgerLayout.measuresFile] {
            walk.visitTopFile(name)
        }
        for folder in LedgerLayout.folders {
            walk.visitTopFolder(folder)
        }
        // Files are opened below the root's handle, so the kernel keeps them inside it.
        let rootHandle = FileSystem.openFolderHandle(root.realPath)
        defer { rootHandle.map { _ = close($0) } }
        walk.readFiles(below: rootHandle)
        walk.files.sort { ByteOrder.precedes($0.path, $1.path) }
        return LedgerFiles(files: walk.files, findings: walk.findings)
    }

    /// The largest ledger file htl reads: twenty times a log of a million
    /// lines. A larger one (a sparse file, one that keeps growing) is a
    /// `bad-entry` finding, not gigabytes of memory.
    public static let largestFile = 1 << 30

    /// `read`, for callers that only want the files.
    package static func readFiles(root: String) throws -> [SourceFile] {
        try read(LedgerRoot(root)).files
    }
}

/// One walk over a ledger's folders.
private struct Walk {
    let root: LedgerRoot
    var files: [SourceFile] = []
    var findings: [Finding] = []
    /// Files found by the walk, read once it is done (on every core).
    var toRead: [String] = []
    /// Folders already entered, by device and inode, so a link cannot loop.
    var entered: Set<FolderID> = []

    struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    init(root: LedgerRoot) {
        self.root = root
        var info = stat()
        if stat(root.realPath, &info) == 0 {
            entered.insert(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        }
    }

    mutating func report(_ path: String, _ message: String, help: String? = nil) {
        findings.append(Walk.entryFinding(path, message, help: help))
    }

    /// A `bad-entry` finding about a whole entry.
    static func entryFinding(_ path: String, _ message: String, help: String? = nil) -> Finding {
        Finding(.badEntry, SourceLocation(path: path, line: 1, column: 1), message, help: help, wholeFile: true)
    }

    /// What an entry is after following links, or nil when a finding was made.
    enum Target {
        case file
        case folder(FolderID)
        case special(String)
        case missing
    }

    /// Resolves an entry and reports links that dangle or lead outside the
    /// root. An entry that is not a link lies in a folder already inside the
    /// root, so only links need their real path (a file is checked again
    /// once open: a rename in between cannot leak).
    mutating func resolve(_ path: String) -> Target? {
        let full = root.absolute(path)
        var info = stat()
        guard lstat(full, &info) == 0 else { return .missing }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let real = FileSystem.realPath(full) else {
                report(
                    path, "\(path) is a symbolic link to nothing (it dangles or loops)",
                    help: "remove the link, or point it at a file inside the ledger")
                return nil
            }
            guard root.contains(realPath: real) else {
                report(
                    path, "\(path) leads outside the ledger (a symbolic link); htl reads nothing outside \(root.path)",
                    help: "move the file into the ledger, or remove the link")
                return nil
            }
            guard stat(real, &info) == 0 else { return .missing }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        case S_IFIFO: return .special("a FIFO (named pipe)")
        case S_IFSOCK: return .special("a socket")
        case S_IFCHR, S_IFBLK: return .special("a device")
        default: return .special("not a regular file")
        }
    }

    /// htl.yaml and measures.yaml.
    mutating func visitTopFile(_ name: String) {
        switch resolve(name) {
        case .file?: toRead.append(name)
        case .folder?: report(name, "\(name) is a folder; it must be a file")
        case .special(let what)?: report(name, "\(name) is \(what), not a regular file; htl does not read it")
        case .missing?, nil: break
        }
    }

    /// values/, terms/, goals/, log/.
    mutating func visitTopFolder(_ name: String) {
        switch resolve(name) {
        case .folder(let id)?: enter(name, id)
        case .file?: report(name, "\(name) is a file; it must be a folder holding \(LedgerLayout.describeFolder(name))")
        case .special(let what)?: report(name, "\(name) is \(what); it must be a folder")
        case .missing?, nil: break
        }
    }

    mutating func enter(_ folder: String, _ id: FolderID) {
        guard entered.insert(id).inserted else {
            report(folder, "\(folder) is a link to a folder htl already reads (it loops)", help: "remove the link")
            return
        }
        let entries: [(name: [UInt8], isRegular: Bool)]
        do {
            entries = try FileSystem.rawEntries(root.absolute(folder))
        } catch {
            report(folder, "cannot read the folder \(folder)")
            return
        }
        for (raw, isRegular) in entries where raw.first != UInt8(ascii: ".") {
            guard UTF8Validation.firstInvalidByte(raw) == nil else {
                let shown = folder + "/" + TerminalText.escapedBytes(raw)
                report(shown, "the file name \(shown) is not valid UTF-8; htl does not read it", help: "rename it")
                continue
            }
            visit(folder + "/" + String(decoding: raw, as: UTF8.self), isRegular: isRegular)
        }
    }

    /// An entry of a folder; `isRegular` when the folder says it is a
    /// regular file, which needs no look of its own (what it is when
    /// opened is checked then).
    mutating func visit(_ path: String, isRegular: Bool) {
        let isLedgerName = LedgerLayout.kind(of: path) != nil
        if isRegular {
            if isLedgerName { toRead.append(path) }
            return
        }
        switch resolve(path) {
        case .file?:
            if isLedgerName { toRead.append(path) }
        case .folder(let id)?:
            if isLedgerName {
                report(
                    path, "\(path) is a folder, but its name is a ledger file's",
                    help: "rename the folder (without .md or .log), or move its files up")
            } else {
                enter(path, id)
            }
        case .special(let what)?:
            if isLedgerName { report(path, "\(path) is \(what), not a regular file; htl does not read it") }
        case .missing?, nil:
            break
        }
    }

    /// Reads the files the walk found, in batches on every core; the files
    /// and findings come back in the walk's order.
    mutating func readFiles(below rootHandle: Int32?) {
        let batches = Walk.batches(toRead)
        let root = root
        let paths = toRead
        let read = Parallel.map(batches.count) { k in
            batches[k].map { Walk.readFile(paths[$0], root: root, rootHandle: rootHandle) }
        }
        var outcomes = [ReadOutcome?](repeating: nil, count: paths.count)
        for (batch, results) in zip(batches, read) {
            for (index, outcome) in zip(batch, results) { outcomes[index] = outcome }
        }
        for case let outcome? in outcomes {
            switch outcome {
            case .file(let file): files.append(file)
            case .finding(let finding): findings.append(finding)
            }
        }
        toRead = []
    }

    /// The positions of `paths` in batches, one core reading a batch at a
    /// time: each log first, on its own (a log is most of a ledger's bytes;
    /// read last, it kept one core reading while the other had nothing
    /// left to do), then the other files in slices of about equal count.
    static func batches(_ paths: [String]) -> [[Int]] {
        let isLog = paths.map { LedgerLayout.kind(of: $0) == .log }
        let others = paths.indices.filter { !isLog[$0] }
        return paths.indices.filter { isLog[$0] }.map { [$0] } + Parallel.slices(others.count).map { Array(others[$0]) }
    }

    static let largestFile = LedgerDirectory.largestFile

    /// A file read, or why it was not.
    enum ReadOutcome {
        case file(SourceFile)
        case finding(Finding)
    }

    /// Reads a regular file, checking once it is open that it really lies
    /// inside the root (a rename between the walk and the open cannot leak):
    /// opened below the root's handle, the kernel has checked; otherwise
    /// its real path is looked up.
    static func readFile(_ path: String, root: LedgerRoot, rootHandle: Int32?) -> ReadOutcome {
        do {
            if let rootHandle, let opened = FileSystem.openRegularBeneath(rootHandle, path) {
                defer { close(opened.fd) }
                return .file(
                    SourceFile(
                        path: path,
                        bytes: try FileSystem.read(opened.fd, shown: path, size: opened.size, atMost: largestFile)))
            }
            let fd = try FileSystem.openRegular(root.absolute(path), O_RDONLY)
            defer { close(fd) }
            guard let real = FileSystem.realPath(of: fd), root.contains(realPath: real) else {
                return .finding(
                    entryFinding(path, "\(path) leads outside the ledger; htl reads nothing outside \(root.path)"))
            }
            return .file(SourceFile(path: path, bytes: try FileSystem.read(fd, shown: path, atMost: largestFile)))
        } catch let error as HTLError {
            return .finding(entryFinding(path, error.message))
        } catch {
            return .finding(entryFinding(path, "cannot read \(path)"))
        }
    }
}
