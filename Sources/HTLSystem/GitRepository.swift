import HTLCore
import HTLModel

/// The git repository a ledger lives in, read through git itself (never by
/// touching the working tree): the index or any commit, as ledger files.
public struct GitRepository: Sendable {
    /// Where to read a ledger from.
    public enum Revision: Sendable, Equatable {
        /// What is staged: the content of the next commit.
        case index
        /// A commit, by object id.
        case commit(String)
    }

    /// One ledger file in a revision, not yet read.
    package struct Entry: Sendable, Equatable {
        /// Relative to the ledger root.
        public var path: String
        package var object: String
    }

    /// The repository's work tree root.
    package let top: String
    /// The ledger root relative to `top`, ending in `/` (empty at the top).
    package let prefix: String

    /// The commit HEAD named when the repository was opened (nil before the
    /// first commit): asked in the same git call as the prefix.
    package let headAtOpening: String?

    /// The repository containing `ledgerRoot`; exit-2 errors when git is
    /// missing or the folder is not in a repository. Git's answer is read
    /// as bytes: a folder name may hold a line break.
    public init(ledgerRoot: String) throws {
        // One process: the prefix, then HEAD's commit when there is one (exit 1 when not).
        let result = try GitProcess.run(
            ["rev-parse", "--show-prefix", "--verify", "--quiet", "HEAD^{commit}"], in: ledgerRoot)
        guard result.status == 0 || (result.status == 1 && !result.stdout.isEmpty) else {
            if result.stderr.contains("not a git repository") {
                throw HTLError("not a git repository: \(ledgerRoot) (git init first)")
            }
            throw HTLError("git failed: " + GitRepository.firstLine(result.stderr))
        }
        // Drop exactly the final line break; with a HEAD, its id is the last line
        // (the prefix before it may itself hold line breaks).
        var out = result.stdout
        if out.last == 0x0A { out.removeLast() }
        if result.status == 0, let lastBreak = out.lastIndex(of: 0x0A) {
            headAtOpening = String(decoding: out[(lastBreak + 1)...], as: UTF8.self)
            out.removeSubrange(lastBreak...)
        } else {
            headAtOpening = nil
        }
        prefix = String(decoding: out, as: UTF8.self)
        guard let real = FileSystem.realPath(ledgerRoot) else { throw HTLError("cannot resolve \(ledgerRoot)") }
        // The top is the ledger's real folder less one component per folder of the prefix.
        var top = real
        for _ in prefix.utf8.filter({ $0 == UInt8(ascii: "/") }) {
            top = FileSystem.parent(top) ?? "/"
        }
        self.top = top
    }

    /// Whether `path` may be inside a git work tree: a `.git` entry in it or
    /// a folder above it, or GIT_DIR set. When not, git need not be asked
    /// (a plain check outside git starts no process).
    package static func mayHold(_ path: String) -> Bool {
        if FileSystem.environment("GIT_DIR") != nil { return true }
        var folder = FileSystem.realPath(path)
        while let current = folder {
            if FileSystem.kind(of: current + (current.hasSuffix("/") ? "" : "/") + ".git") != .missing { return true }
            folder = FileSystem.parent(current)
        }
        return false
    }

    /// The commit a revision names; exit-2 error when it names none.
    package func resolve(_ revision: String) throws -> String {
        guard !revision.hasPrefix("-") else { throw HTLError("unknown revision '\(revision)'") }
        let result = try GitProcess.run(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: top)
        let id = String(decoding: result.stdout, as: UTF8.self).trimmingNewlines
        guard result.status == 0, !id.isEmpty else {
            if (try? head()) ?? nil == nil {
                throw HTLError(
                    "the repository has no commits yet, so '\(revision)' names none: commit the ledger first")
            }
            throw HTLError("unknown revision '\(revision)'")
        }
        return id
    }

    /// The day a commit was made, as its committer's clock read it (the
    /// date of git's `%cI`): the day `htl diff` judges that revision on.
    package func commitDay(_ commit: String) throws -> CivilDate {
        let result = try GitProcess.run(["show", "-s", "--format=%cI", commit, "--"], in: top)
        let text = String(decoding: result.stdout, as: UTF8.self)
        guard result.status == 0, let day = CivilDate.parse(String(text.prefix(10))) else {
            throw HTLError("git gave no date for commit \(commit)")
        }
        return day
    }

    /// The commit HEAD names, or nil before the first commit.
    public func head() throws -> String? {
        let result = try GitProcess.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], in: top)
        let id = String(decoding: result.stdout, as: UTF8.self).trimmingNewlines
        return result.status == 0 && !id.isEmpty ? id : nil
    }

    /// The ledger files in a revision (regular files only), by path.
    package func entries(at revision: Revision) throws -> [Entry] {
        try listing(at: revision).entries
    }

    /// The ledger files in a revision, and a `bad-entry` finding for each
    /// ledger path that git holds as something htl does not read (a
    /// symbolic link, a submodule) and for a staged temporary file of htl.
    package func listing(at revision: Revision) throws -> (entries: [Entry], findings: [Finding]) {
        let arguments: [String]
        switch revision {
        case .index: arguments = ["ls-files", "--stage", "-z", "--", prefix.isEmpty ? "." : prefix]
        case .commit(let id):
            arguments = ["ls-tree", "-r", "-z", "--full-tree", id, "--", prefix.isEmpty ? "." : prefix]
        }
        let result = try GitProcess.run(arguments, in: top)
        guard result.status == 0 else { throw HTLError("git failed: " + GitRepository.firstLine(result.stderr)) }
        var entries: [Entry] = []
        var findings: [Finding] = []
        for record in result.stdout.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ")
            let fullPath = String(decoding: record[(tab + 1)...], as: UTF8.self)
            guard fields.count == 3, fullPath.hasPrefix(prefix) else { continue }
            let mode = fields[0]
            let object: Substring
            switch revision {
            case .index:
                object = fields[1]
                if fields[2] != "0" {
                    throw HTLError("the index has unresolved merge conflicts in \(fullPath); resolve them first")
                }
            case .commit:
                object = fields[2]
            }
            let path = String(fullPath.dropFirst(prefix.count))
            let isLedgerPath = LedgerLayout.kind(of: path) != nil
            if mode == "100644" || mode == "100755" {
                if isLedgerPath { entries.append(Entry(path: path, object: String(object))) }
                if revision == .index, TemporaryFiles.isTemporary(FileSystem.name(path)) {
                    findings.append(
                        Finding(
                            .badEntry, SourceLocation(path: path, line: 1, column: 1),
                            "\(path) is a temporary file left by an interrupted htl write, and it is staged",
                            help: "unstage and delete it: git rm --cached '\(path)'", wholeFile: true))
                }
            } else if isLedgerPath {
                let what = mode == "120000" ? "a symbolic link" : "not a regular file (a submodule)"
                findings.append(
                    Finding(
                        .badEntry, SourceLocation(path: path, line: 1, column: 1),
                        "\(path) is \(what) in git; htl reads only regular files in a revision",
                        help: "commit the file itself instead of a link", wholeFile: true))
            }
        }
        let sorted = entries.sorted { ByteOrder.precedes($0.path, $1.path) }
        return (sorted, findings)
    }

    /// The contents of objects, read by one `git cat-file --batch`.
    package func contents(of objects: [String]) throws -> [String: [UInt8]] {
        let unique = Array(Set(objects)).sorted()
        guard !unique.isEmpty else { return [:] }
        let batch = try CatFileBatch.ask(unique, in: top)
        guard batch.status == 0 else { throw HTLError("git cat-file failed: " + GitRepository.firstLine(batch.stderr)) }
        var contents: [String: [UInt8]] = [:]
        for case let object? in batch.answers { contents[object.id] = Array(object.bytes) }
        return contents
    }

    /// The ledger at a revision, as files.
    public func files(at revision: Revision) throws -> [SourceFile] {
        let list = try entries(at: revision)
        let blobs = try contents(of: list.map(\.object))
        return list.compactMap { entry in blobs[entry.object].map { SourceFile(path: entry.path, bytes: $0) } }
    }

    static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? "no message"
    }
}

extension String {
    var trimmingNewlines: String {
        var s = self
        while let last = s.last, last == "\n" || last == "\r" { s.removeLast() }
        return s
    }
}
