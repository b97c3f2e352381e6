import HTLCheck
import HTLCore
import HTLModel
import HTLParse
import HTLSystem

/// The pipeline's read step: a ledger's files from disk, git's index or a
/// commit, with overrides laid over them, and the findings made while
/// reading (entries not read, committed log lines changed).
enum LedgerReader {
    struct Read {
        var files: [SourceFile]
        var entryFindings: [Finding] = []
        var appendOnlyFindings: [Finding] = []
        /// Per log file, how many of its first lines are committed and
        /// unchanged (Int.max: the whole file is as committed).
        var committedLines: [String: Int] = [:]
        /// Git object ids of the files read from git's index (by path).
        var objects: [String: String] = [:]
        /// The repository the files came from (staged, a revision).
        var repository: GitRepository?
        /// The day the revision read was committed, when the request asked for it.
        var commitDay: CivilDate?
        /// HEAD's logs, asked of git in the background (a plain check in a work tree).
        var headLogs: HeadLogs.Pending?
    }

    /// The files. In a git work tree, a plain check's question about HEAD
    /// is put to git here and answered in `comparingCommitted`: git works
    /// while the files are parsed.
    static func read(_ request: LoadRequest) throws -> Read {
        var read: Read
        switch request.source {
        case .directory:
            let disk = try LedgerDirectory.read(request.root)
            read = Read(files: disk.files, entryFindings: disk.findings)
        case .staged:
            let repo = try GitRepository(ledgerRoot: request.root.path)
            read = try staged(repo)
            read.repository = repo
        case .revision(let name):
            let repo = try GitRepository(ledgerRoot: request.root.path)
            let commit = try repo.resolve(name)
            read = Read(files: try repo.files(at: .commit(commit)))
            read.repository = repo
            if request.asOfCommit { read.commitDay = try repo.commitDay(commit) }
        }
        if !request.overrides.isEmpty {
            read.files =
                read.files.filter { request.overrides[$0.path] == nil }
                + request.overrides.map { SourceFile(path: $0.key, bytes: $0.value) }
        }
        if case .headWhenInGit = request.appendOnly, read.repository == nil, GitRepository.mayHold(request.root.path) {
            let logs = read.files.map(\.path).filter { LedgerLayout.kind(of: $0) == .log }
            read.headLogs = HeadLogs.start(ledgerRoot: request.root.path, current: logs)
        }
        return read
    }

    /// The append-only rule's findings and each log's committed prefix.
    typealias Committed = (findings: [Finding], lines: [String: Int])

    /// The comparison of the committed log lines, started: a plain check in
    /// a work tree compares on a thread of its own while the files are
    /// parsed (git answers, then each log's beginning is hashed: at 100,000
    /// lines some 5 ms the other core spent waiting when it came after the
    /// parse); any other load compares when it is asked to (`Comparing.result`).
    static func comparingCommitted(_ request: LoadRequest, _ read: Read) -> Comparing {
        guard read.headLogs != nil else { return Comparing(request: request, read: read, side: nil) }
        let side = SideThread { Result { try appendOnly(request, read: read) } }
        return Comparing(request: request, read: read, side: side)
    }

    struct Comparing {
        let request: LoadRequest
        let read: Read
        let side: SideThread<Result<Committed, Error>>?

        func result() throws -> Committed {
            try side?.result.get() ?? appendOnly(request, read: read)
        }
    }

    /// The staged ledger (`git ls-files`), with findings about what git holds.
    private static func staged(_ repo: GitRepository) throws -> Read {
        let (index, entryFindings) = try repo.listing(at: .index)
        guard index.contains(where: { $0.path == LedgerLayout.settingsFile }) else {
            throw HTLError(
                "no htl.yaml is staged in \(repo.prefix.isEmpty ? "the repository's top folder" : repo.prefix): stage "
                    + "the ledger (git add) first"
            )
        }
        let blobs = try repo.contents(of: index.map(\.object))
        let files = index.compactMap { entry in blobs[entry.object].map { SourceFile(path: entry.path, bytes: $0) } }
        var objects: [String: String] = [:]
        for entry in index where objects[entry.path] == nil { objects[entry.path] = entry.object }
        return Read(files: files, entryFindings: entryFindings, objects: objects)
    }

    /// `log-rewrite`: committed log lines at the base revision against the
    /// log files being loaded; and how much of each log is committed.
    private static func appendOnly(_ request: LoadRequest, read: Read) throws -> Committed {
        var current: [String: [UInt8]] = [:]
        for file in read.files where LedgerLayout.kind(of: file.path) == .log { current[file.path] = file.bytes }
        guard let base = try committedLogs(request, read: read, current: current) else { return ([], [:]) }
        var committed: [String: ArraySlice<UInt8>] = [:]
        var objects: [String: String] = [:]
        for entry in base.entries {
            committed[entry.path] = base.contents[entry.object] ?? ArraySlice<UInt8>()
            objects[entry.path] = entry.object
        }
        let rewrites = RuleDescriptor.logRewrites(
            base: committed, current: current, baseObjects: objects,
            currentObjects: read.objects.filter { LedgerLayout.kind(of: $0.key) == .log })
        return (rewrites.findings, rewrites.committedPrefixes)
    }

    /// The log files at the base revision, with the contents of those that
    /// need comparing (nil: nothing to compare). A plain check in a work tree
    /// has asked git once (`HeadLogs`); otherwise the revision is listed, then read.
    private static func committedLogs(_ request: LoadRequest, read: Read, current: [String: [UInt8]]) throws
        -> (entries: [GitRepository.Entry], contents: [String: ArraySlice<UInt8>])?
    {
        if case .headWhenInGit = request.appendOnly, read.repository == nil {
            switch read.headLogs?.answer(current: current) {
            case nil: return nil
            case .logs(let entries, let contents)?: return (entries, contents)
            case .unanswered?: break
            }
        }
        guard let (repo, base) = try baseCommit(request, repository: read.repository) else { return nil }
        let entries = try repo.entries(at: .commit(base)).filter { LedgerLayout.kind(of: $0.path) == .log }
        // Contents are needed only where the object differs from the one read (or it was read from disk).
        let changed = entries.filter { read.objects[$0.path] != $0.object }
        return (entries, try repo.contents(of: changed.map(\.object)).mapValues { [UInt8]($0)[...] })
    }

    /// The repository and the commit committed lines are read from, or nil
    /// when there is nothing to compare (no request, not in git for
    /// `.headWhenInGit`, no commit yet).
    private static func baseCommit(_ request: LoadRequest, repository: GitRepository?) throws -> (
        GitRepository, String
    )? {
        switch request.appendOnly {
        case .none:
            return nil
        case .headWhenInGit:
            guard repository != nil || GitRepository.mayHold(request.root.path),
                let repo = try? repository ?? GitRepository(ledgerRoot: request.root.path),
                let head = repo.headAtOpening
            else { return nil }
            return (repo, head)
        case .head:
            let repo = try repository ?? GitRepository(ledgerRoot: request.root.path)
            return repo.headAtOpening.map { (repo, $0) }
        case .revision(let name):
            let repo = try repository ?? GitRepository(ledgerRoot: request.root.path)
            return (repo, try repo.resolve(name))
        }
    }
}
