import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// Commands that write: fmt, log, new, init. Writes are atomic and never lose data.
@Suite struct EditCommandTests {
    let today = ["--today", "2026-11-22"]

    func ledger(_ changes: [String: String?] = [:]) throws -> TemporaryLedger {
        try TemporaryLedger(SampleLedger.with(changes))
    }

    // MARK: fmt

    @Test func fmtCheckNamesFilesAndExitsOne() throws {
        let l = try ledger([
            "goals/run.md": "---\ntargets:\n  km: 100\ntitle: Run\n---\n## Action plan\n",
            "log/2026.log": "2026-11-03  Run 5km +run   \n",
        ])
        defer { l.remove() }
        let before = try l.readBytes("goals/run.md")
        let result = try HTLBinary.run(["fmt", "--check", "-C", l.root])
        #expect(result.status == 1)
        #expect(result.stdout == "goals/run.md\nlog/2026.log\n")
        #expect(result.stderr == "2 files would be reformatted\n")
        #expect(try l.readBytes("goals/run.md") == before)
    }

    @Test func fmtDiffPrintsAUnifiedDiffAndWritesNothing() throws {
        let l = try ledger(["goals/run.md": "---\ntargets:\n  km: 100\ntitle: Run\n---\n## Action plan\n"])
        defer { l.remove() }
        let result = try HTLBinary.run(["fmt", "--diff", "-C", l.root])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                --- a/goals/run.md
                +++ b/goals/run.md
                @@ -1,6 +1,6 @@
                 ---
                +title: Run
                 targets:
                   km: 100
                -title: Run
                 ---
                 ## Action plan

                """)
        #expect(try l.read("goals/run.md") == "---\ntargets:\n  km: 100\ntitle: Run\n---\n## Action plan\n")
    }

    @Test func fmtRewritesKeepsPermissionsAndFollowsSymlinks() throws {
        let l = try ledger(["values/health.md": "---\ntitle:   Health\n---\n"])
        defer { l.remove() }
        let real = l.root + "/shared-goal.txt"
        try "---\ntargets:\n  km: 100\ntitle: Run\n---\n## Action plan\n".write(
            toFile: real, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: l.root + "/goals/run.md")
        try FileManager.default.createSymbolicLink(atPath: l.root + "/goals/run.md", withDestinationPath: real)
        chmod(l.root + "/values/health.md", 0o600)
        let result = try HTLBinary.run(["fmt", "-C", l.root])
        #expect(result.status == 0)
        #expect(result.stdout == "formatted goals/run.md\nformatted values/health.md\n")
        #expect(try l.read("values/health.md") == "---\ntitle: Health\n---\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: l.root + "/values/health.md")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(FileSystem.isSymbolicLink(l.root + "/goals/run.md"))
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("---\ntitle: Run\ntargets:"))
        #expect(try HTLBinary.run(["fmt", "--check", "-C", l.root]).status == 0)
    }

    @Test func fmtLeavesFilesWithErrorsUntouched() throws {
        let broken = "---\ntitel: Run\ntitle: Run\n---\n"
        let l = try ledger(["goals/run.md": broken, "values/health.md": "---\ntitle:   Health\n---\n"])
        defer { l.remove() }
        let result = try HTLBinary.run(["fmt", "-C", l.root])
        #expect(result.status == 1)
        #expect(result.stderr == "htl: not formatted: goals/run.md: the file has errors (run htl check)\n")
        #expect(result.stdout == "formatted values/health.md\n")
        #expect(try l.read("goals/run.md") == broken)
    }

    @Test func fmtPathsAreRelativeToTheWorkingFolder() throws {
        let l = try ledger([
            "values/health.md": "---\ntitle:   Health\n---\n",
            "goals/run.md": "---\ntitle:   Run\n---\n## Action plan\n",
        ])
        defer { l.remove() }
        let result = try HTLBinary.run(["fmt", "--check", "health.md"], in: l.root + "/values")
        #expect(result.stdout == "values/health.md\n")
        let outside = try HTLBinary.run(["fmt", "/etc/passwd", "-C", l.root])
        #expect(outside.status == 2)
    }

    @Test func goalsExampleIsCanonical() throws {
        let result = try HTLBinary.run([
            "fmt", "--check", "-C", Paths.root.appendingPathComponent("goals-example").path,
        ])
        #expect(result.status == 0, "\(result.stdout)")
    }

    // MARK: log

    @Test func logAppendsTheExactLine() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try HTLBinary.run(
            ["log", "-C", l.root, "--time", "07:10", "Tempo", "run", "6.2km", "+run", "#Fast", "\"3rd  place\""] + today
        )
        #expect(result.status == 0)
        #expect(result.stdout == "2026-11-22 07:10 Tempo run 6.2km +run #Fast \"3rd  place\"\n")
        #expect(
            try l.read("log/2026.log")
                == "2026-11-03 Run 5km +run\n2026-11-22 07:10 Tempo run 6.2km +run #Fast \"3rd  place\"\n")
        let dated = try HTLBinary.run(
            ["log", "-C", l.root, "--date", "2025-12-31", "Old", "run", "1km", "+run"] + today)
        #expect(dated.stderr.contains("[link-outside-window]"))
        #expect(try l.read("log/2025.log") == "# 2025\n2025-12-31 Old run 1km +run\n")
    }

    @Test func invalidLineLeavesTheLogByteIdentical() throws {
        let original = "2026-11-03 Run 5km +run\r\n2026-11-04 no final newline"
        let l = try ledger(["log/2026.log": original])
        defer { l.remove() }
        for arguments in [
            ["Run", "5kms", "+run"], ["Run", "+nope"], ["#only-a-tag"], ["Read", "\"Dune"], ["Run", "0km"],
        ] {
            let result = try HTLBinary.run(["log", "-C", l.root] + arguments + today)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasSuffix("nothing written\n"), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
        }
        let unknown = try HTLBinary.run(["log", "-C", l.root, "Run", "5kms", "+nope"] + today)
        #expect(
            unknown.stderr.hasPrefix(
                "log/2026.log:3:17: error: unknown unit 'kms' (did you mean 'km'?) [unknown-unit]\n"))
        #expect(unknown.stderr.contains("log/2026.log:3:21: error: unknown goal '+nope' [unknown-goal]\n"))
        #expect(try l.read("log/2026.log") == original)
        let dry = try HTLBinary.run(["log", "-C", l.root, "--dry-run", "Run", "5km", "+run"] + today)
        #expect(dry.status == 0)
        #expect(dry.stdout == "2026-11-22 Run 5km +run\n")
        #expect(try l.read("log/2026.log") == original)
        // A valid line goes after a line ending is added to the unterminated last line.
        #expect(try HTLBinary.run(["log", "-C", l.root, "Run", "5km", "+run"] + today).status == 0)
        #expect(try l.read("log/2026.log") == original + "\n2026-11-22 Run 5km +run\n")
    }

    @Test func logNeverBlocksOnASpecialFile() throws {
        let l = try ledger()
        defer { l.remove() }
        #expect(mkfifo(l.root + "/log/2027.log", 0o644) == 0)
        let result = try HTLBinary.run(["log", "-C", l.root, "--date", "2027-01-02", "Run", "1km", "+run"] + today)
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("htl: log/2027.log is not a regular file\n"), "\(result.stderr)")
    }

    @Test func twoProcessesAppendingAtOnceLoseNothing() throws {
        let l = try ledger(["log/2026.log": "# 2026\n"])
        defer { l.remove() }
        let script =
            "for i in $(seq 1 60); do \"$HTL\" log -C \"$LEDGER\" --today 2026-11-22 Run 1km +run \"\\\"$1 $i\\\"\" > "
            + "/dev/null || echo FAIL; done"
        let group = DispatchGroup()
        nonisolated(unsafe) var failures: [String] = []
        let lock = NSLock()
        for writer in ["a", "b"] {
            group.enter()
            DispatchQueue.global().async {
                let r = try? Command.run(
                    "/bin/sh", ["-c", script, "sh", writer],
                    environment: ["HTL": HTLBinary.path, "LEDGER": l.root])
                lock.lock()
                failures.append(r?.stdout ?? "FAIL")
                lock.unlock()
                group.leave()
            }
        }
        group.wait()
        #expect(failures == ["", ""])
        let lines = try l.read("log/2026.log").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 122)  // header, 120 lines, empty after the final newline
        #expect(lines.last == "")
        for writer in ["a", "b"] {
            let mine = lines.filter { $0.hasPrefix("2026-11-22 Run 1km +run \"\(writer) ") }
            #expect(Set(mine.map { String($0) }).count == 60, "\(writer)")
        }
        let strays = lines.dropFirst().dropLast().filter {
            !($0.hasPrefix("2026-11-22 Run 1km +run \"") && $0.hasSuffix("\""))
        }
        #expect(strays.isEmpty, "\(strays)")
    }

    // MARK: new and init

    @Test func newFilesCheckCleanAndAreCanonical() throws {
        let l = try ledger()
        defer { l.remove() }
        for arguments in [["goal", "read-more"], ["value", "calm", "--title", "Calm: always"], ["term", "term-2"]] {
            let result = try HTLBinary.run(["new"] + arguments + ["-C", l.root] + today)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(
            try l.read("goals/read-more.md")
                == "---\ntitle: Read more\nstart: 2026-11-22\ntarget: 2027-01-10\nterm: 1\n# cadence:\n#   actions: "
                + "3/week\n---\nWhy this goal matters.\n\n## Action plan\n- [ ] The first step\n"
        )
        #expect(try l.read("terms/term-2.md") == "---\nnumber: 2\nstart: 2027-01-11\n---\n## Plans\n\n## Reflection\n")
        #expect(try l.read("values/calm.md").hasPrefix("---\ntitle: \"Calm: always\"\nlevel: general\n---\n"))
        let check = try HTLBinary.run(["check", "-C", l.root] + today)
        #expect(check.status == 0)
        #expect(
            check.stdout
                == "goals/read-more.md:1:1: warning: goal 'read-more' is aligned to no value [goal-no-values]\n   = "
                + "help: add 'values:' with a value id and a strength 1-10\n"
        )
        #expect(try HTLBinary.run(["fmt", "--check", "-C", l.root]).status == 0)
        let again = try HTLBinary.run(["new", "goal", "read-more", "-C", l.root] + today)
        #expect(again.status == 2)
        #expect(again.stderr == "htl: a goal with id 'read-more' already exists: goals/read-more.md\n")
        let bad = try HTLBinary.run(["new", "goal", "Read More", "-C", l.root] + today)
        #expect(
            bad.stderr
                == "htl: 'Read More' is not a valid id: use lowercase letters, digits and '-', starting with a letter "
                + "or digit (try 'read-more')\n"
        )
    }

    @Test func initCreatesACleanCanonicalLedgerAndRefusesToOverwrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try HTLBinary.run(["init", folder] + today)
        #expect(result.status == 0)
        #expect(try HTLBinary.run(["check", "-C", folder] + today).stderr == "no errors or warnings in 6 files\n")
        #expect(try HTLBinary.run(["fmt", "--check", "-C", folder]).status == 0)
        let again = try HTLBinary.run(["init", folder] + today)
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("htl: not creating a ledger over existing files: "))
    }

    /// A new ledger reads the units people type: `1.5h`, `1hr`, `2hrs`,
    /// `20mins`, `1minute`, `5kilometers`, `2sessions` are its measures as typed.
    @Test func aNewLedgerAcceptsTheUnitsPeopleType() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try HTLBinary.run(["init", folder] + today).status == 0)
        var shown = ""
        for line in [
            "Piano 1.5h", "Piano 1hr 20mins", "Piano practice 2hrs", "Scales 1minute", "Sight reading 45minutes",
            "Easy run 5kilometers 1hour 1session +run-50km", "Two short runs 3kilometres 2sessions +run-50km",
        ] {
            let logged = try HTLBinary.run(["log", "-C", folder, line] + today)
            shown += "\(logged.status) \(logged.stdout)\(logged.stderr)"
        }
        #expect(
            shown == """
                0 2026-11-22 Piano 1.5h
                0 2026-11-22 Piano 1hr 20mins
                0 2026-11-22 Piano practice 2hrs
                0 2026-11-22 Scales 1minute
                0 2026-11-22 Sight reading 45minutes
                0 2026-11-22 Easy run 5kilometers 1hour 1session +run-50km
                0 2026-11-22 Two short runs 3kilometres 2sessions +run-50km

                """)
        let progress = try HTLBinary.run(["progress", "run-50km", "--json", "-C", folder] + today)
        let goal = try #require(try JSONSerialization.jsonObject(with: Data(progress.stdout.utf8)) as? [String: Any])
        let targets = try #require(goal["targets"] as? [[String: Any]])
        #expect(targets.map { "\($0["measure"] ?? "") \($0["actual"] ?? "")" } == ["km 8", "sessions 3"])
        #expect(try HTLBinary.run(["check", "-C", folder] + today).stderr == "no errors or warnings in 6 files\n")
    }

    /// Two durations glued together (`1h25min`) in a new ledger, which
    /// declares `h`: a bad quantity whose help writes the one to type.
    @Test func aCompoundDurationIsWrittenAsOneQuantityInTheHelp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try HTLBinary.run(["init", folder] + today).status == 0)
        let logged = try HTLBinary.run(["log", "-C", folder, "Piano 1h25min"] + today)
        #expect(logged.status == 1)
        #expect(
            logged.stderr == """
                log/2026.log:4:18: error: '1h25min' is almost a quantity, but a quantity is one number and one \
                unit [bad-quantity]
                 4 | 2026-11-22 Piano 1h25min
                   |                  ^
                   = help: write 85min (or quote it to keep it as text: "1h25min")
                nothing written

                """)
    }

    /// `5k` in a new ledger, which has `h` beside `km`: the unit it starts.
    @Test func aUnitCutShortSuggestsTheUnitItStarts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try HTLBinary.run(["init", folder] + today).status == 0)
        let logged = try HTLBinary.run(["log", "-C", folder, "Run 5k", "--dry-run"] + today)
        #expect(
            logged.stderr.hasPrefix("log/2026.log:4:17: error: unknown unit 'k' (did you mean 'km'?) [unknown-unit]\n"),
            "\(logged.stderr)")
    }

    /// The example action is a comment: deleting the example goal (once the
    /// log is committed) leaves nothing that links it.
    @Test func initsExampleTrapsNoOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try HTLBinary.run(["init", folder] + today)
        #expect(
            made.stdout.contains(
                "  htl log -C \(folder) 'First run 3km 1session +run-50km #outdoors'   (quote the line: in a shell, # "
                    + "starts a comment)\n"
            ))
        let log = try String(contentsOfFile: folder + "/log/2026.log", encoding: .utf8)
        #expect(
            log == "# 2026: one action per line: date, words, quantities, +goal links, #tags\n"
                + "# For example (a comment, so it counts for nothing; log your own with htl log):\n"
                + "# 2026-11-22 First run of the term 3km 1session +run-50km #outdoors\n")
        try FileManager.default.removeItem(atPath: folder + "/goals/run-50km.md")
        let check = try HTLBinary.run(["check", "-C", folder] + today)
        #expect(check.status == 0, "\(check.stdout)")
        // Had a committed line linked it, the finding names the way out.
        #expect(
            try HTLBinary.run(["log", "-C", folder, "Run 3km +run-50km"] + today).stderr.contains(
                "= help: fix the link; or, if goals/run-50km.md was deleted, restore it with 'status: dropped' "
                    + "(committed actions keep their goal)\n"
            ))
    }
}

@Suite struct AtomicFileTests {
    @Test func aFileChangedSinceItWasReadIsNotOverwritten() throws {
        let l = try TemporaryLedger(["htl.yaml": "htl: 1\n", "note.txt": "original\n"])
        defer { l.remove() }
        let root = try LedgerRoot(l.root)
        let read = try FileSystem.read(l.root + "/note.txt")
        try l.write("note.txt", "changed by someone else\n")
        #expect(throws: AtomicFile.Refusal.self) {
            try WriterLock.holding(root, WriterLock.Waiting()) { lock in
                try AtomicFile.replace("note.txt", under: lock, original: read, with: Array("formatted\n".utf8))
            }
        }
        #expect(try l.read("note.txt") == "changed by someone else\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: l.root).filter { $0.hasPrefix(".htl-tmp") }
        #expect(leftovers.isEmpty)
        try WriterLock.holding(root, WriterLock.Waiting()) { lock in
            try AtomicFile.replace(
                "note.txt", under: lock, original: Array("changed by someone else\n".utf8),
                with: Array("formatted\n".utf8))
        }
        #expect(try l.read("note.txt") == "formatted\n")
    }

    @Test func creatingNeverClobbers() throws {
        let l = try TemporaryLedger(["htl.yaml": "htl: 1\n", "a.txt": "mine\n"])
        defer { l.remove() }
        #expect(throws: AtomicFile.Refusal.self) {
            try WriterLock.holding(try LedgerRoot(l.root), WriterLock.Waiting()) { lock in
                try AtomicFile.create("a.txt", under: lock, bytes: Array("theirs\n".utf8))
            }
        }
        #expect(try l.read("a.txt") == "mine\n")
        // Not through a dangling link either.
        try FileManager.default.createSymbolicLink(
            atPath: l.root + "/b.txt", withDestinationPath: l.root + "/nowhere.txt")
        #expect(throws: AtomicFile.Refusal.self) {
            try WriterLock.holding(try LedgerRoot(l.root), WriterLock.Waiting()) { lock in
                try AtomicFile.create("b.txt", under: lock, bytes: Array("theirs\n".utf8))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: l.root + "/nowhere.txt"))
    }
}
