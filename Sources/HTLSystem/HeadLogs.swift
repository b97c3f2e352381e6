import HTLCore
import HTLModel

/// The log files HEAD holds for a ledger in a git work tree, asked of git
/// by a single `git cat-file --batch-command` in the ledger folder: the
/// listing of HEAD's `log` folder, and the id and size of each log file
/// there now. A plain `htl check` compares them (the append-only rule) on
/// every run, so it asks git once, not three times, and git answers while
/// the ledger is parsed.
///
/// A log that only grew since HEAD begins with HEAD's blob: hashing that
/// many bytes of it gives HEAD's id, and its committed text is then that
/// beginning, read from disk already. Only the logs that did not grow that
/// way (changed, or a repository with SHA-256 ids) are read from git, by a
/// second request: git inflating a log of 5 MB and sending it took longer
/// than the check of the ledger it is in.
package enum HeadLogs {
    package enum Answer: Sendable {
        /// The log files HEAD holds (none before the first commit), and the
        /// contents of those still there now (by object; the beginning of
        /// the file now, or git's answer: slices, not copies).
        case logs(entries: [GitRepository.Entry], contents: [String: ArraySlice<UInt8>])
        /// One request did not tell (folders inside log/, a name git reads
        /// differently, git older than 2.36, git failing or not in a
        /// repository): ask the general way, which says which it was.
        case unanswered
    }

    /// Git asked, not yet answered: it reads HEAD while htl parses the ledger.
    package struct Pending: Sendable {
        fileprivate var asked: GitProcess.Background?
        fileprivate var ledgerRoot = ""
        fileprivate var logPaths: [String] = []
        /// Per question asked, whether git sends the object's contents.
        fileprivate var wantsContents: [Bool] = []
        fileprivate var known: Answer?

        /// Waits for git's answer. `current`: the log files now, by path
        /// (those that grew from HEAD's are HEAD's text followed by more).
        package func answer(current: [String: [UInt8]]) -> Answer {
            if let known { return known }
            guard let asked, let batch = try? CatFileBatch.read(asked.finish(), contents: wantsContents),
                batch.status == 0, batch.answers.count == logPaths.count + 1
            else { return .unanswered }
            guard let tree = batch.answers[0], tree.type == "tree" else { return .logs(entries: [], contents: [:]) }
            guard let entries = HeadLogs.entries(tree) else { return .unanswered }
            var contents: [String: ArraySlice<UInt8>] = [:]
            var unverified: [String] = []
            for (path, object) in zip(logPaths, batch.answers.dropFirst()) {
                guard let object, object.type == "blob" else { continue }
                if let now = current[path], let beginning = HeadLogs.beginning(now, object) {
                    contents[object.id] = beginning
                } else {
                    unverified.append(object.id)
                }
            }
            guard !unverified.isEmpty else { return .logs(entries: entries, contents: contents) }
            guard let read = try? CatFileBatch.ask(unverified, in: ledgerRoot), read.status == 0,
                read.answers.count == unverified.count
            else { return .unanswered }
            for case let object? in read.answers where object.type == "blob" {
                contents[object.id] = Array(object.bytes)[...]
            }
            return .logs(entries: entries, contents: contents)
        }
    }

    /// Asks git, in the background. `logPaths`: the ledger's log files now,
    /// relative to its root.
    package static func start(ledgerRoot: String, current logPaths: [String]) -> Pending {
        guard logPaths.allSatisfy(plainName) else { return Pending(known: .unanswered) }
        let commands =
            [CatFileBatch.Command.contents("HEAD:./" + LedgerLayout.logFolder)] + logPaths.map { .info("HEAD:./" + $0) }
        guard let asked = try? CatFileBatch.start(commands, in: ledgerRoot) else { return Pending(known: .unanswered) }
        return Pending(
            asked: asked, ledgerRoot: ledgerRoot, logPaths: logPaths, wantsContents: commands.map(\.wantsContents))
    }

    /// The first `object.size` bytes of `now` when they are that blob (its id
    /// is their hash); nil when they are not, or the id cannot be computed here.
    static func beginning(_ now: [UInt8], _ object: CatFileBatch.Object) -> ArraySlice<UInt8>? {
        guard GitBlobID.isSHA1(object.id), object.size <= now.count else { return nil }
        let beginning = now[..<object.size]
        return GitBlobID.of(beginning) == object.id ? beginning : nil
    }

    /// The log files in HEAD's `log` folder, sorted by path; nil where the
    /// folder has folders in it or does not read as a tree.
    private static func entries(_ tree: CatFileBatch.Object) -> [GitRepository.Entry]? {
        let folder = LedgerLayout.logFolder
        guard let listed = treeEntries(tree.bytes, idLength: tree.id.utf8.count / 2) else { return nil }
        var entries: [GitRepository.Entry] = []
        for item in listed {
            let path = folder + "/" + item.name
            if item.mode == "40000" { return nil }
            guard item.mode == "100644" || item.mode == "100755", LedgerLayout.kind(of: path) == .log else { continue }
            entries.append(GitRepository.Entry(path: path, object: item.id))
        }
        return entries.sorted { ByteOrder.precedes($0.path, $1.path) }
    }

    /// A name git reads back as written: printable, no line break.
    static func plainName(_ path: String) -> Bool {
        path.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
    }

    /// A raw tree object: `<mode> <name>\0<id bytes>` per entry; nil when it
    /// does not read so (or a name is not UTF-8).
    static func treeEntries(_ bytes: ArraySlice<UInt8>, idLength: Int) -> [(mode: String, name: String, id: String)]? {
        guard idLength == 20 || idLength == 32 else { return nil }
        var entries: [(mode: String, name: String, id: String)] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let space = bytes[i...].firstIndex(of: 0x20), let zero = bytes[space...].firstIndex(of: 0),
                bytes.endIndex - (zero + 1) >= idLength
            else { return nil }
            let rawName = Array(bytes[(space + 1)..<zero])
            guard UTF8Validation.firstInvalidByte(rawName) == nil else { return nil }
            let id = lowerHex(bytes[(zero + 1)..<(zero + 1 + idLength)])
            entries.append(
                (String(decoding: bytes[i..<space], as: UTF8.self), String(decoding: rawName, as: UTF8.self), id))
            i = zero + 1 + idLength
        }
        return entries
    }

    /// An object id as git writes it.
    static func lowerHex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
