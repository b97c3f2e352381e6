import HTLCore
import HTLModel

/// The log files HEAD holds for a ledger in a git work tree, read by a
/// single `git cat-file --batch` in the ledger folder: HEAD's `log` folder,
/// and each log file there now. A plain `htl check` compares them (the
/// append-only rule) on every run, so it asks git once, not three times,
/// and git answers while the ledger is parsed.
package enum HeadLogs {
    package enum Answer: Sendable {
        /// The log files HEAD holds (none before the first commit), and the
        /// contents of those still there now (by object; slices of git's
        /// answer, not copies: a log of 5 MB copied was 5 MB of memory
        /// touched for the first time while the check waited).
        case logs(entries: [GitRepository.Entry], contents: [String: ArraySlice<UInt8>])
        /// One request did not tell (folders inside log/, a name git reads
        /// differently, git failing or not in a repository): ask the general
        /// way, which says which it was.
        case unanswered
    }

    /// Git asked, not yet answered: it reads HEAD while htl parses the ledger.
    package struct Pending: Sendable {
        fileprivate var asked: GitProcess.Background?
        fileprivate var names: Int
        fileprivate var known: Answer?

        /// Waits for git's answer.
        package func answer() -> Answer {
            if let known { return known }
            guard let asked, let batch = try? CatFileBatch.read(asked.finish()), batch.status == 0,
                  batch.answers.count == names else { return .unanswered }
            return HeadLogs.answer(batch.answers)
        }
    }

    /// Asks git, in the background. `logPaths`: the ledger's log files now,
    /// relative to its root.
    package static func start(ledgerRoot: String, current logPaths: [String]) -> Pending {
        guard logPaths.allSatisfy(plainName) else { return Pending(names: 0, known: .unanswered) }
        let names = ["HEAD:./" + LedgerLayout.logFolder] + logPaths.map { "HEAD:./" + $0 }
        guard let asked = try? CatFileBatch.start(names, in: ledgerRoot) else { return Pending(names: 0, known: .unanswered) }
        return Pending(asked: asked, names: names.count)
    }

    /// The answers to `HEAD:./log` and each log now, read.
    private static func answer(_ answers: [CatFileBatch.Object?]) -> Answer {
        let folder = LedgerLayout.logFolder
        guard let tree = answers[0], tree.type == "tree" else { return .logs(entries: [], contents: [:]) }
        guard let listed = treeEntries(tree.bytes, idLength: tree.id.utf8.count / 2) else { return .unanswered }
        var entries: [GitRepository.Entry] = []
        for item in listed {
            let path = folder + "/" + item.name
            if item.mode == "40000" { return .unanswered }
            guard item.mode == "100644" || item.mode == "100755", LedgerLayout.kind(of: path) == .log else { continue }
            entries.append(GitRepository.Entry(path: path, object: item.id))
        }
        var contents: [String: ArraySlice<UInt8>] = [:]
        for case let object? in answers.dropFirst() where object.type == "blob" { contents[object.id] = object.bytes }
        return .logs(entries: entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }, contents: contents)
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
                  bytes.endIndex - (zero + 1) >= idLength else { return nil }
            let rawName = Array(bytes[(space + 1)..<zero])
            guard UTF8Validation.firstInvalidByte(rawName) == nil else { return nil }
            let id = lowerHex(bytes[(zero + 1)..<(zero + 1 + idLength)])
            entries.append((String(decoding: bytes[i..<space], as: UTF8.self), String(decoding: rawName, as: UTF8.self), id))
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
