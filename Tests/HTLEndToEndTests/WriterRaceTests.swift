import Foundation
import Glibc
import HTLTestSupport
import Testing

/// The writer lock across processes: every pair of the command line's
/// writers, the first slowed down in its replaces and appends by strace
/// (`inject=renameat2,fallocate:delay_enter`), the second started once the
/// first holds the lock (strace reports its `flock`). Every write both
/// acknowledged is in the ledger afterwards; a second writer that may not
/// wait (`HTL_LOCK_WAIT=0`) fails with exit 2 and the lock's message,
/// having written nothing. (WriterLockTests races the library's writers,
/// the MCP tools among them, 200 times per pair in one process.)
@Suite struct WriterRaceTests {
    static let today = ["--today", "2026-11-22"]

    /// A writer of the command line: its arguments in trial `n` (`role` tells
    /// the two apart), and what its exit 0 promises.
    struct Writer: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: @Sendable (_ root: String, _ n: Int, _ role: String) -> [String]
        let holds: @Sendable (_ repository: TemporaryGitRepository, _ n: Int, _ role: String) throws -> Bool
        /// An exit 2 that is the writer's own refusal, not the lock's (init over a ledger).
        var refusal: String? = nil
        var testDescription: String { name }
    }

    static func count(_ repository: TemporaryGitRepository, _ marker: String) throws -> Int {
        try repository.read("log/2026.log").split(separator: "\n").filter { $0.contains(marker) }.count
    }

    static let rules = "skip: 1\ndate: Date\ndescription: Name\nquantities:\n  km: Km\nlinks: [run]\n"

    static let writers: [Writer] = [
        Writer(
            name: "log",
            arguments: { root, n, role in ["log", "-C", root, "Race run 1km +run \"log-\(role)\(n)\""] + today },
            holds: { repository, n, role in try count(repository, "\"log-\(role)\(n)\"") == 1 }),
        Writer(
            name: "fmt", arguments: { root, _, _ in ["fmt", "-C", root] },
            holds: { repository, _, _ in try repository.htl(["fmt", "--check"] + today).status == 0 }),
        Writer(
            name: "new", arguments: { root, n, role in ["new", "value", "value-\(role)\(n)", "-C", root] + today },
            holds: { repository, n, role in
                FileManager.default.fileExists(atPath: repository.root + "/values/value-\(role)\(n).md")
            }),
        Writer(
            name: "import",
            arguments: { root, n, _ in
                ["import", "-C", root, "csv", root + "/in/runs-\(n).csv", "--rules", root + "/in/runs.rules.yaml"]
                    + today
            }, holds: { repository, n, _ in try count(repository, "\"Imported \(n)\"") == 1 }),
        Writer(
            name: "review --write", arguments: { root, _, _ in ["review", "--write", "-C", root] + today },
            holds: { repository, _, _ in
                FileManager.default.fileExists(atPath: repository.root + "/reviews/2026-W47.md")
            },
            refusal: "reviews/2026-W47.md already exists; not overwriting it"),
        Writer(
            name: "hook install", arguments: { root, _, _ in ["hook", "install", "-C", root] },
            holds: { repository, _, _ in
                try String(contentsOfFile: repository.root + "/.git/hooks/pre-commit", encoding: .utf8).contains(
                    "# Installed by htl hook install")
            }),
        Writer(
            name: "init", arguments: { root, _, _ in ["init", root] + today },
            holds: { repository, _, _ in try repository.read("htl.yaml") == "htl: 1\n" },
            refusal: "not creating a ledger over existing files"),
    ]

    static let pairs: [(Writer, Writer)] = writers.flatMap { a in writers.map { (a, $0) } }

    @Test(arguments: pairs)
    func aSlowedWriterAndAnotherLoseNothing(_ first: Writer, _ second: Writer) throws {
        let repository = try TemporaryGitRepository(SampleLedger.files)
        defer { repository.remove() }
        for (n, patient) in [(0, true), (1, false)] {
            try repository.write(
                "goals/run.md",
                SampleLedger.files["goals/run.md"]!.replacingOccurrences(of: "title: ", with: "title:   "))
            try repository.write("in/runs-\(n).csv", "Date,Name,Km\n2026-11-21,Imported \(n),2\n")
            try repository.write("in/runs.rules.yaml", Self.rules)
            try? FileManager.default.removeItem(atPath: repository.root + "/reviews")
            let trial = "trial \(n): \(first.name), slowed, then \(second.name)"
            let (one, two, slowed) = try race(
                first.arguments(repository.root, n, "a"), second.arguments(repository.root, n, "b"),
                in: repository, secondWaits: patient)
            if one.status != 0 {
                #expect(one.status == 2 && first.refusal.map(one.stderr.contains) == true, "\(trial): \(one.stderr)")
            } else {
                #expect(try first.holds(repository, n, "a"), "\(trial): \(first.name)'s write is missing")
            }
            let lockMessage =
                two.stderr.hasPrefix("htl: another htl process is writing to the ledger ")
                && two.stderr.hasSuffix(" and did not finish within 0 s; nothing was written (run the command again)\n")
            if patient || !slowed {
                // A first writer with nothing to write (init refused, a hook already there) lets go at once.
                if two.status == 0 {
                    #expect(try second.holds(repository, n, "b"), "\(trial): \(second.name)'s write is missing")
                } else {
                    let refused = second.refusal.map(two.stderr.contains) == true || (!patient && lockMessage)
                    #expect(two.status == 2 && refused, "\(trial): \(two.stderr)")
                }
            } else {
                #expect(two.status == 2 && lockMessage, "\(trial): \(two.stderr)")
            }
        }
        #expect(try repository.htl(["check"] + Self.today).status == 0)
    }

    /// Runs `first` under strace, its renames and reservations delayed, and
    /// `second` once strace reports that `first` holds the lock; returns
    /// both results, and whether `first` was slowed (made a delayed call).
    /// With `secondWaits` false, the second may not wait.
    func race(
        _ first: [String], _ second: [String], in repository: TemporaryGitRepository,
        secondWaits: Bool
    ) throws -> (HTLBinary.Result, HTLBinary.Result, slowed: Bool) {
        let trace = repository.root + "/in/trace-\(UUID().uuidString)"
        #expect(mkfifo(trace, 0o600) == 0)
        defer { unlink(trace) }
        // Long enough that a second writer started meanwhile finds the lock taken.
        let delay = secondWaits ? "100000" : "300000"
        // strace injects only into calls it traces.
        let strace =
            [
                "-f", "-qq", "-o", trace, "-e", "trace=flock,renameat2,fallocate",
                "-e", "inject=renameat2:delay_enter=\(delay)", "-e", "inject=fallocate:delay_enter=\(delay)",
                HTLBinary.path,
            ] + first
        let slowed = Process()
        slowed.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        slowed.arguments = strace
        slowed.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HTL_") }
            .merging(TemporaryGitRepository.environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        slowed.standardOutput = out
        slowed.standardError = err
        try slowed.run()
        // strace opens the FIFO for writing as it starts; each line is one flock call as it returns.
        let lines = try #require(FileHandle(forReadingAtPath: trace))
        var said = ""
        func locked() -> Bool {
            said.split(separator: "\n").contains { $0.contains("LOCK_EX|LOCK_NB)") && $0.hasSuffix("= 0") }
        }
        while !locked() {
            let data = lines.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
        }
        #expect(locked(), "the slowed writer never took the lock: \(said)")
        var environment = TemporaryGitRepository.environment
        if !secondWaits { environment["HTL_LOCK_WAIT"] = "0" }
        let other = try HTLBinary.run(second, in: repository.root, environment: environment)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        said += String(decoding: lines.readDataToEndOfFile(), as: UTF8.self)
        slowed.waitUntilExit()
        try lines.close()
        let one = HTLBinary.Result(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: slowed.terminationStatus)
        return (one, other, said.contains("renameat2(") || said.contains("fallocate("))
    }
}
