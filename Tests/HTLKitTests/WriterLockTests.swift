import Dispatch
import Foundation
import HTLKit
import HTLTestSupport
import MCP
import Synchronization
import Testing

@testable import HTLEdit
@testable import HTLMCP
@testable import HTLSystem

/// The ledger's one writer lock (WriterLock.swift): every pair of writers,
/// each run through the library entry its front end calls, raced 200 times
/// on one ledger. In most trials the first writer is held at its first
/// write, inside the lock, while the second starts: the second must wait
/// for the lock (it says so through `onWait`), then both writes are in the
/// ledger; in some the second gives up soon and fails with the lock's
/// message, having written nothing; in the rest both run freely.
@Suite struct WriterLockTests {
    static let trials = 200
    static let today = SampleLedger.today

    /// One writer: what it does in trial `n` (`role` tells the two writers
    /// of a pair apart), and what must hold once it returned normally.
    struct Writer: Sendable, CustomTestStringConvertible {
        let name: String
        let run:
            @Sendable (_ ledger: TemporaryLedger, _ n: Int, _ role: String, _ waiting: WriterLock.Waiting) throws ->
                Void
        let holds: @Sendable (_ ledger: TemporaryLedger, _ n: Int, _ role: String) throws -> Bool
        var testDescription: String { name }
    }

    static func request(_ ledger: TemporaryLedger) throws -> LoadRequest {
        LoadRequest(root: try LedgerRoot(ledger.root), today: today)
    }

    static func lines(_ ledger: TemporaryLedger, containing marker: String) throws -> Int {
        try ledger.read("log/2026.log").split(separator: "\n").filter { $0.contains(marker) }.count
    }

    static func exists(_ ledger: TemporaryLedger, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: ledger.root + "/" + path)
    }

    static func mcp(_ ledger: TemporaryLedger, _ waiting: WriterLock.Waiting) throws -> MCPSession {
        var session = MCPSession(root: try LedgerRoot(ledger.root), now: { .day(today) }, allowWrites: true)
        session.waiting = waiting
        return session
    }

    /// An MCP tool's error is the lock's error when the lock was not had (rethrown), else a failure.
    static func call(_ session: MCPSession, _ tool: String, _ arguments: [String: MCP.Value]) throws {
        let answer = session.call(tool, arguments)
        if answer.isError { throw HTLError(answer.text) }
    }

    static let writers: [Writer] = [
        Writer(
            name: "log",
            run: { ledger, n, role, waiting in
                let entry = try LogEntry.log(
                    "Pair run 1km +run \"log-\(role)\(n)\"", date: nil, time: nil, path: nil, dryRun: false,
                    ledger: try request(ledger), waiting: waiting)
                #expect(!entry.hasErrors, "\(entry.diagnostics.map(\.message))")
            }, holds: { ledger, n, role in try lines(ledger, containing: "\"log-\(role)\(n)\"") == 1 }),
        Writer(
            name: "fmt",
            run: { ledger, _, _, waiting in
                let applied = try FormatPlan.apply(selecting: [], ledger: try request(ledger), waiting: waiting)
                #expect(
                    applied.refusals.isEmpty && applied.plan.refused.isEmpty,
                    "\(applied.refusals) \(applied.plan.refused.map(\.reason))")
            },
            holds: { ledger, _, _ in
                // Every htl writer writes canonical text: once fmt ran, nothing is left to rewrite.
                FormatPlan(try LedgerLoader.load(FormatPlan.request(try request(ledger))), selecting: []).changes.map(
                    \.path) == []
            }),
        Writer(
            name: "new",
            run: { ledger, n, role, waiting in
                _ = try EntityTemplate.create(
                    .value, id: "value-\(role)\(n)", title: nil, ledger: try request(ledger), waiting: waiting)
            }, holds: { ledger, n, role in exists(ledger, "values/value-\(role)\(n).md") }),
        Writer(
            name: "init",
            run: { ledger, _, _, waiting in
                // Into the existing ledger's folder: refused as a whole, nothing written.
                do {
                    _ = try LedgerTemplate.create(in: ledger.root, shown: ".", today: today, waiting: waiting)
                    Issue.record("htl init wrote over a ledger")
                } catch let error as HTLError where error.message.hasPrefix("not creating a ledger over existing files")
                {}
            }, holds: { ledger, _, _ in try ledger.read("htl.yaml") == "htl: 1\n" }),
        Writer(
            name: "import",
            run: { ledger, n, _, waiting in
                // Both writers of a pair import the same row: it must be there once.
                let csv = (name: "runs-\(n).csv", bytes: Array("Date,Name,Km\n2026-11-21,Imported \(n),2\n".utf8))
                let rules = (
                    name: "runs.rules.yaml",
                    bytes: Array("skip: 1\ndate: Date\ndescription: Name\nquantities:\n  km: Km\nlinks: [run]\n".utf8)
                )
                let plan = try ImportPlan.run(dryRun: false, ledger: try request(ledger), waiting: waiting) { loaded in
                    try CSVRulesImport.plan([csv], rules: rules, into: loaded, utcOffset: { _ in 0 })
                }
                #expect(!plan.hasErrors, "\(plan.problems) \(plan.diagnostics.map(\.message))")
            }, holds: { ledger, n, _ in try lines(ledger, containing: "\"Imported \(n)\"") == 1 }),
        Writer(
            name: "hook install",
            run: { ledger, _, _, waiting in
                switch try PreCommitHook.install(
                    ledger: try LedgerRoot(ledger.root), htlPath: "/usr/bin/htl", waiting: waiting)
                {
                case .installed, .alreadyInstalled: break
                case .keptExisting(let path, _): Issue.record("a hook htl did not write is at \(path)")
                }
            },
            holds: { ledger, _, _ in
                try String(contentsOfFile: ledger.root + "/.git/hooks/pre-commit", encoding: .utf8).contains(
                    PreCommitHook.marker)
            }),
        Writer(
            name: "mcp log_action",
            run: { ledger, n, role, waiting in
                try call(
                    try mcp(ledger, waiting), "log_action",
                    ["text": .string("Pair swim 1km +run \"mcp-\(role)\(n)\""), "dry_run": .bool(false)])
            }, holds: { ledger, n, role in try lines(ledger, containing: "\"mcp-\(role)\(n)\"") == 1 }),
        Writer(
            name: "mcp new_goal",
            run: { ledger, n, role, waiting in
                try call(
                    try mcp(ledger, waiting), "new_goal",
                    [
                        "title": .string("Goal \(role) \(n)"), "id": .string("goal-\(role)\(n)"),
                        "dry_run": .bool(false),
                    ])
            }, holds: { ledger, n, role in exists(ledger, "goals/goal-\(role)\(n).md") }),
        Writer(
            name: "review --write",
            run: { ledger, n, role, waiting in
                _ = try LedgerWriter.create(try request(ledger), waiting: waiting) { loaded in
                    ("reviews/\(role)\(n).md", Array("# Review of \(loaded.today)\n".utf8), ())
                }
            }, holds: { ledger, n, role in exists(ledger, "reviews/\(role)\(n).md") }),
    ]

    /// Every pair of writers, each once in either role.
    static let pairs: [(Writer, Writer)] = writers.indices.flatMap { i in
        writers.indices[i...].map { (writers[i], writers[$0]) }
    }

    /// What a writer's run came to, and whether it waited for the lock.
    final class Outcome: Sendable {
        let result = Mutex<Result<Void, any Error>?>(nil)
        let waited = Mutex(false)
    }

    @Test(arguments: pairs)
    func everyAcknowledgedWriteIsInTheLedger(_ a: Writer, _ b: Writer) throws {
        let repository = try TemporaryGitRepository(SampleLedger.files)
        defer { repository.remove() }
        let ledger = repository.ledger
        for n in 0..<Self.trials {
            // Something for fmt to rewrite, a goal and the log: blanks where their canonical form has none.
            try ledger.write(
                "goals/run.md",
                SampleLedger.files["goals/run.md"]!.replacingOccurrences(of: "title: ", with: "title:   "))
            try ledger.write("log/2026.log", SampleLedger.files["log/2026.log"]! + "2026-11-03  Walk  number-\(n)\n")
            // Roles alternate, so each writer of the pair is held first in half the trials.
            let (first, second) = n % 2 == 0 ? (a, b) : (b, a)
            switch n % 8 {
            case 6: try race(first, second, ledger, n, holding: false, secondPatience: 10_000)
            // Not 0: a process spawned meanwhile by another test's thread holds a copy of a lock's
            // descriptor, so the lock, let go, stays taken for the microseconds until that child execs.
            case 7: try race(first, second, ledger, n, holding: true, secondPatience: 100)
            default: try race(first, second, ledger, n, holding: true, secondPatience: 10_000)
            }
            // What a trial wrote, checked, is removed: the ledger stays small.
            try ledger.write("log/2026.log", SampleLedger.files["log/2026.log"]!)
            for folder in ["values", "goals", "reviews"] {
                let made = (try? FileManager.default.contentsOfDirectory(atPath: ledger.root + "/" + folder)) ?? []
                for name in made where SampleLedger.files["\(folder)/\(name)"] == nil {
                    try FileManager.default.removeItem(atPath: ledger.root + "/\(folder)/\(name)")
                }
            }
        }
        let check = try LedgerLoader.load(Self.request(ledger))
        #expect(check.check.diagnostics.filter(\.isError).map { "\($0.location): \($0.message)" } == [])
    }

    /// One trial: `first` starts, and (when `holding`) is held at its first
    /// write; then `second` starts; then `first` goes on.
    func race(
        _ first: Writer, _ second: Writer, _ ledger: TemporaryLedger, _ n: Int, holding: Bool, secondPatience: Int
    ) throws {
        let inside = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let secondWaits = DispatchSemaphore(value: 0)
        let held = Mutex(false)
        let one = Outcome()
        let two = Outcome()
        var firstWaiting = WriterLock.Waiting()
        if holding {
            firstWaiting.beforeWrite = { _ in
                let isFirst = held.withLock { wasHeld in
                    defer { wasHeld = true }
                    return !wasHeld
                }
                guard isFirst else { return }
                inside.signal()
                resume.wait()
            }
        }
        var secondWaiting = WriterLock.Waiting(patienceMilliseconds: secondPatience) {
            two.waited.withLock { $0 = true }
            secondWaits.signal()
        }
        secondWaiting.beforeWrite = nil
        let (firstWaits, secondWaitsFor) = (firstWaiting, secondWaiting)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            one.result.withLock { $0 = Result { try first.run(ledger, n, "a", firstWaits) } }
            // Done without a write to hold it at (nothing to do, or refused): the second may start.
            if !held.withLock({ $0 }) { inside.signal() }
        }
        if holding { inside.wait() }
        let firstIsHeld = held.withLock { $0 }
        DispatchQueue.global().async(group: group) {
            two.result.withLock { $0 = Result { try second.run(ledger, n, "b", secondWaitsFor) } }
            secondWaits.signal()
        }
        if firstIsHeld {
            // The second writer cannot get past the lock while the first holds it.
            secondWaits.wait()
            #expect(two.waited.withLock { $0 }, "trial \(n): \(second.name) did not wait for \(first.name)")
            resume.signal()
        }
        group.wait()
        let trial = "trial \(n), \(first.name) then \(second.name)"
        if case .failure(let error)? = one.result.withLock({ $0 }) {
            Issue.record("\(trial): \(first.name) failed: \(error)")
        }
        #expect(try first.holds(ledger, n, "a"), "\(trial): \(first.name)'s write is missing")
        switch two.result.withLock({ $0 }) {
        case .success?:
            #expect(try second.holds(ledger, n, "b"), "\(trial): \(second.name)'s write is missing")
        case .failure(let error as HTLError)? where secondPatience < 10_000 && firstIsHeld:
            #expect(
                error.message.hasPrefix("another htl process is writing to the ledger"), "\(trial): \(error.message)")
        case .failure(let error)?:
            Issue.record("\(trial): \(second.name) failed: \(error)")
        case nil:
            Issue.record("\(trial): \(second.name) did not end")
        }
    }
}

/// An editor saving a file htl is rewriting takes no lock: the rewrite that
/// finds the file changed since htl read it refuses, and the editor's text
/// is what stays (docs/SECURITY.md, "Editors and other programs").
@Suite struct EditorRaceTests {
    static let unformatted = SampleLedger.files["goals/run.md"]!.replacingOccurrences(of: "title: ", with: "title:   ")
    static let edited = SampleLedger.files["goals/run.md"]!.replacingOccurrences(
        of: "- Run.", with: "- Run three times a week.")

    /// `htl fmt` held just before it writes the goal while `save` writes the editor's text.
    func fmtWhileAnEditorSaves(_ save: @escaping @Sendable (String) throws -> Void) throws -> (
        applied: FormatPlan.Applied, text: String
    ) {
        let ledger = try TemporaryLedger(SampleLedger.with(["goals/run.md": Self.unformatted]))
        defer { ledger.remove() }
        var waiting = WriterLock.Waiting()
        let path = ledger.root + "/goals/run.md"
        waiting.beforeWrite = { written in
            if written == "goals/run.md" { try? save(path) }
        }
        let applied = try FormatPlan.apply(
            selecting: [], ledger: LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today),
            waiting: waiting)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: ledger.root + "/goals").filter {
            $0.hasPrefix(".htl-tmp")
        }
        #expect(leftovers == [])
        return (applied, try ledger.read("goals/run.md"))
    }

    @Test func aSaveByRenameIsKept() throws {
        let (applied, text) = try fmtWhileAnEditorSaves { path in
            try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        #expect(applied.formatted == [])
        #expect(
            applied.refusals == [
                "goals/run.md changed on disk since htl read it; nothing was written (run the command again)"
            ])
        #expect(text == Self.edited)
    }

    @Test func aSaveInPlaceIsKept() throws {
        let (applied, text) = try fmtWhileAnEditorSaves { path in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(Self.edited.utf8))
            try handle.close()
        }
        #expect(applied.formatted == [])
        #expect(
            applied.refusals == [
                "goals/run.md changed on disk since htl read it; nothing was written (run the command again)"
            ])
        #expect(text == Self.edited)
    }

    /// A line another program appends while `htl log` appends its own: both are in the log.
    @Test func anAppendByAnotherProgramAndHtlLogBothStay() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        var waiting = WriterLock.Waiting()
        let log = ledger.root + "/log/2026.log"
        waiting.beforeWrite = { _ in
            let handle = FileHandle(forWritingAtPath: log)
            handle?.seekToEndOfFile()
            handle?.write(Data("2026-11-21 Walk 2km\n".utf8))
            try? handle?.close()
        }
        let entry = try LogEntry.log(
            "Swim 1km +run", date: nil, time: nil, path: nil, dryRun: false,
            ledger: LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today), waiting: waiting)
        #expect(entry.line == "2026-11-22 Swim 1km +run")
        #expect(
            try ledger.read("log/2026.log")
                == "2026-11-03 Run 5km +run\n2026-11-21 Walk 2km\n2026-11-22 Swim 1km +run\n")
    }
}
