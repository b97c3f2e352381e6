import Foundation
import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// Nothing lost, nothing leaked (CLI.md "Conventions"): each test is one
/// defect a hostile probe found, shrunk to its smallest case.
@Suite struct DataSafetyTests {
    let today = ["--today", "2026-11-22"]

    func ledger(_ changes: [String: String?] = [:]) throws -> TemporaryLedger {
        try TemporaryLedger(SampleLedger.with(changes))
    }

    // MARK: 0. Readers never hold writers up

    /// A log of `count` actions (100,000: some 7 MB).
    static func longLog(_ count: Int) -> String {
        (0..<count).map { "2026-11-\(11 + $0 % 9) Morning run number \($0) along the river and back 5km +run\n" }
            .joined()
    }

    /// While `htl export --json` of 100,000 actions is stopped on a full
    /// pipe (a pager nobody reads), `htl log`, `htl fmt` and `htl import`
    /// complete normally, and the export still writes the ledger as it was
    /// when it read it.
    @Test func writersCompleteWhileAReaderIsStoppedOnAFullPipe() throws {
        let goal = SampleLedger.files["goals/run.md"].map {
            $0.replacingOccurrences(of: "title: Run 100 km", with: "title:   Run 100 km")
        }
        let ledger = try ledger(["log/2026.log": Self.longLog(100_000), "goals/run.md": goal])
        defer { ledger.remove() }
        let export = Process()
        export.executableURL = URL(fileURLWithPath: HTLBinary.path)
        export.arguments = ["export", "--json"] + today
        export.currentDirectoryURL = URL(fileURLWithPath: ledger.root)
        export.standardError = FileHandle.nullDevice
        let out = Pipe()
        export.standardOutput = out
        try export.run()
        // The document has begun, so the ledger is read; megabytes more fill the pipe's 64 KiB.
        var written = out.fileHandleForReading.readData(ofLength: 1)

        let log = try HTLBinary.run(["log", "-C", ledger.root, "Evening swim 1km +run"] + today)
        #expect(log.status == 0, "\(log.stderr)")
        let fmt = try HTLBinary.run(["fmt", "-C", ledger.root])
        #expect(fmt.status == 0, "\(fmt.stderr)")
        #expect(fmt.stdout == "formatted goals/run.md\n")
        try ledger.write("in/runs.csv", "Date,Name,Km\n2026-11-21,Lake run,6\n")
        try ledger.write(
            "in/runs.rules.yaml", "skip: 1\ndate: Date\ndescription: Name\nquantities:\n  km: Km\nlinks: [run]\n")
        let imported = try HTLBinary.run(
            [
                "import", "-C", ledger.root, "csv", ledger.root + "/in/runs.csv", "--rules",
                ledger.root + "/in/runs.rules.yaml",
            ] + today)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(export.isRunning, "the export, its output unread, is still stopped on the pipe")

        written += out.fileHandleForReading.readDataToEndOfFile()
        export.waitUntilExit()
        #expect(export.terminationStatus == 0)
        let document = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        #expect((document?["actions"] as? [Any])?.count == 100_000)
        let text = try ledger.read("log/2026.log")
        let added = text.split(separator: "\n").suffix(4).filter { !$0.hasPrefix("# imported: csv row ") }
        #expect(
            added == ["2026-11-22 Evening swim 1km +run", "# imported from runs.csv", "2026-11-21 Lake run 6km +run"],
            "\(text.suffix(300))")
    }

    /// What check, status and report ask of the kernel on a 5 MB log, as
    /// strace shows it (`-y` names each descriptor's file): no lease, and
    /// no mapping of a ledger file.
    @Test(arguments: [["check"], ["status"], ["report", "-o", "report.html"]])
    func readersTakeNoLeaseAndMapNoLedgerFile(_ command: [String]) throws {
        let ledger = try ledger(["log/2026.log": Self.longLog(80_000)])
        defer { ledger.remove() }
        #expect(try ledger.readBytes("log/2026.log").count > 5_000_000)
        let trace = ledger.root + "/../" + UUID().uuidString + ".trace"
        defer { unlink(trace) }
        let result = try Command.run(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-y", "-o", trace, "-e", "trace=mmap,fcntl,flock",
                HTLBinary.path,
            ] + command + ["-C", ledger.root] + today, in: ledger.root)
        #expect(result.status == 0, "\(result.stderr)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(calls.contains { $0.contains("mmap(") }, "strace saw no mmap at all: it traced nothing")
        #expect(calls.filter { $0.contains("F_SETLEASE") || $0.contains("F_GETLEASE") } == [])
        #expect(calls.filter { $0.contains("mmap(") && $0.contains(ledger.root) } == [])
        #expect(calls.filter { $0.contains("flock(") } == [], "a reader takes no lock")
    }

    /// `export --format csv` stopped while it makes its actions file:
    /// `signal` is sent, and how
    /// the process ended (a wait status), its standard error and the folder
    /// after are returned. Started as from an interactive shell, no signal
    /// blocked or ignored (Foundation's `Process` passes on the test
    /// runner's blocked signals).
    func csvExportInterrupted(by signal: Int32) throws -> (status: Int32, stderr: String, after: [String]) {
        let ledger = try ledger(["log/2026.log": Self.longLog(30_000)])
        defer { ledger.remove() }
        let folder = ledger.root + "/out"
        let out = Pipe()
        let err = Pipe()
        let pid = try spawnWithDefaultSignals(
            [HTLBinary.path, "export", "--format", "csv", "-o", folder, "-C", ledger.root] + today,
            stdout: out.fileHandleForWriting.fileDescriptor, stderr: err.fileHandleForWriting.fileDescriptor)
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        // Three files written: the fourth, the actions, is being made. Stopped there.
        var said = ""
        while said.components(separatedBy: "wrote ").count < 4 {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
        }
        #expect(FolderWatch.waitForEntry(in: folder, prefix: ".htl-tmp-"))
        #expect(kill(pid, SIGSTOP) == 0)
        let during = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        try #require(during.count == 4 && during[0].hasPrefix(".htl-tmp-"), "\(during)")
        #expect(kill(pid, signal) == 0 && kill(pid, SIGCONT) == 0)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, message, try FileManager.default.contentsOfDirectory(atPath: folder).sorted())
    }

    /// Starts `arguments` with standard output and error on the given
    /// descriptors, no signal blocked and every one at its default.
    func spawnWithDefaultSignals(_ arguments: [String], stdout: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EPERM) }
        return pid
    }

    /// Ctrl-C (and a hang-up, or `kill`) while a file is written ends htl by
    /// that signal, as before, without the half-written temporary file.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedCSVExportLeavesNoTemporaryFile(signal: Int32) throws {
        let result = try csvExportInterrupted(by: signal)
        #expect(result.status == signal, "exited with \(result.status >> 8), or by signal \(result.status & 0x7f)")
        #expect(result.after == ["goals_export.csv", "terms_export.csv", "values_export.csv"], "\(result.after)")
    }

    // MARK: 1. Appends and rewrites exclude each other

    /// Random rounds of `htl log` and `htl fmt` processes racing on one log
    /// (the writer lock orders them): every line acknowledged with exit 0
    /// is in the file once, and fmt never refuses or fails.
    @Test func racingLogAndFmtLoseNoAcknowledgedLine() throws {
        let l = try ledger()
        defer { l.remove() }
        var rng = SeededGenerator(seed: 2026)
        for round in 0..<12 {
            // Trailing blanks: fmt has something to rewrite in every round.
            try l.write("log/2026.log", "# 2026   \n2026-11-03  Run 5km +run\n")
            var commands: [[String]] = []
            for i in 0..<10 {
                if Int.random(in: 0..<10, using: &rng) < 6 {
                    commands.append([
                        HTLBinary.path, "log", "-C", l.root, "--today", "2026-11-22", "Run", "1km", "+run",
                        "\"r\(round) h\(i)\"",
                    ])
                } else {
                    commands.append([HTLBinary.path, "fmt", "-C", l.root, "log/2026.log"])
                }
            }
            let results = Command.concurrently(commands)
            let text = try l.read("log/2026.log")
            let lines = text.split(separator: "\n").map(String.init)
            for (command, result) in zip(commands, results) {
                let result = try #require(result)
                #expect(result.status == 0, "\(command[1]): \(result.stderr)")
                if command[1] == "log" {
                    let acknowledged = result.stdout.trimmingCharacters(in: .newlines)
                    #expect(
                        lines.filter { $0 == acknowledged }.count == 1, "round \(round): lost \(acknowledged)\n\(text)")
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: l.root + "/log") == ["2026.log"])
        }
    }

    // MARK: 2. A failed append leaves the file as it was

    /// A write that fails half way (here a file-size limit, as a full disk
    /// would): exit 2 and the log byte-identical, no torn half line.
    @Test func aFailedAppendLeavesTheLogByteIdentical() throws {
        let body = "# 2026\n" + String(repeating: "2026-11-03 Run 1km +run\n", count: 42)  // 1,015 bytes
        let l = try ledger(["log/2026.log": body])
        defer { l.remove() }
        let before = try l.readBytes("log/2026.log")
        #expect(before.count < 1024)
        let script =
            "ulimit -f 1; exec \"$HTL\" log -C \"$LEDGER\" --today 2026-11-22 A long run near the limit 12km +run"
        let result = try Command.run(
            "/bin/bash", ["-c", script], environment: ["HTL": HTLBinary.path, "LEDGER": l.root])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("htl: cannot write log/2026.log: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; nothing was written\n"))
        #expect(try l.readBytes("log/2026.log") == before)
    }

    // MARK: 3. Output never replaces a ledger file

    @Test func reportRefusesToReplaceALedgerSourceFile() throws {
        let l = try ledger()
        defer { l.remove() }
        let log = try l.readBytes("log/2026.log")
        for target in ["log/2026.log", "goals/run.md", "htl.yaml", "measures.yaml"] {
            let result = try HTLBinary.run(["report", "-C", l.root, "-o", target] + today, in: l.root)
            #expect(result.status == 2, "\(target)")
            #expect(
                result.stderr
                    == "htl: \(target) is a ledger file (\(target)); htl does not replace ledger files with output\n")
        }
        // Not through a link either.
        try FileManager.default.createSymbolicLink(
            atPath: l.root + "/report.html", withDestinationPath: l.root + "/log/2026.log")
        let linked = try HTLBinary.run(["report", "-C", l.root, "-o", "report.html"] + today, in: l.root)
        #expect(linked.status == 2)
        #expect(
            linked.stderr
                == "htl: report.html is a symbolic link; htl does not write output through one (remove it, or name "
                + "another file)\n"
        )
        #expect(try l.readBytes("log/2026.log") == log)
    }

    /// An output file's name that is already a symbolic link is never
    /// followed, wherever it leads (here to a file of the user's outside
    /// the ledger): `report -o`, `calendar -o` and each file `export -o`
    /// writes refuse, and the linked file is as it was.
    @Test(arguments: [
        (["report", "-o", "out/report.html"], "out/report.html"),
        (["calendar", "-o", "out/due.ics"], "out/due.ics"),
        (["export", "--format", "csv", "-o", "out"], "out/actions_export.csv"),
        (["export", "--format", "csv", "-o", "out"], "out/values_export.csv"),
    ])
    func outputNeverFollowsALinkAlreadyThere(_ command: [String], _ link: String) throws {
        let l = try ledger()
        defer { l.remove() }
        let elsewhere = try TemporaryLedger(["precious.txt": "keep me\n"], prefix: "htl-elsewhere")
        defer { elsewhere.remove() }
        try FileManager.default.createDirectory(atPath: l.root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: l.root + "/" + link, withDestinationPath: elsewhere.root + "/precious.txt")
        let result = try HTLBinary.run(command + ["-C", l.root] + today, in: l.root)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(
            result.stderr.hasSuffix(
                "htl: \(link) is a symbolic link; htl does not write output through one (remove it, or name another "
                    + "file)\n"
            ),
            "\(result.stderr)")
        #expect(try elsewhere.read("precious.txt") == "keep me\n")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: l.root + "/" + link) == elsewhere.root
                + "/precious.txt")
    }

    // MARK: 4. A failed write to stdout is an error

    @Test(arguments: [
        ["status"], ["status", "--json"], ["export", "--json"], ["report"], ["check", "--format", "json"],
        ["values"], ["terms"], ["actions"], ["progress", "run"], ["rules"], ["explain", "unknown-unit"],
    ])
    func aFullStandardOutputIsExitTwo(_ command: [String]) throws {
        let l = try ledger()
        defer { l.remove() }
        let line = ([HTLBinary.path] + command + ["-C", l.root] + today).map { "'\($0)'" }.joined(separator: " ")
        let result = try Command.run("/bin/sh", ["-c", line + " > /dev/full"])
        #expect(result.status == 2, "\(command)")
        #expect(
            result.stderr.hasPrefix("htl: cannot write to standard output: No space left on device\n"),
            "\(command): \(result.stderr)")
    }

    /// A reader that stops early is not an error: the command ends as it would have.
    @Test func aReaderThatStopsEarlyIsNotAnError() throws {
        let l = try ledger(["log/2026.log": String(repeating: "2026-11-03 Run 1km +run\n", count: 5000)])
        defer { l.remove() }
        let line =
            "'\(HTLBinary.path)' actions -C '\(l.root)' --today 2026-11-22 | head -1; echo \"status ${PIPESTATUS[0]}\""
        let result = try Command.run("/bin/bash", ["-c", line])
        #expect(result.stdout == "Earlier\nstatus 0\n")
        #expect(result.stderr == "")
    }

    // MARK: 5. Read-only files, owners and modes

    @Test func fmtLeavesAReadOnlyFileAloneAndKeepsOwnerAndMode() throws {
        let messy = "---\ntitle:   Health\n---\n"
        let l = try ledger([
            "values/health.md": messy,
            "goals/run.md":
                "---\ntargets:\n  km: 100\ntitle: Run 100 km\nstart: 2026-11-02\ntarget: 2027-01-10\nterm: "
                + "1\nvalues:\n  health: 8\ntags: [running]\n---\n## Action plan\n- Run.\n",
        ])
        defer { l.remove() }
        let health = l.root + "/values/health.md"
        let run = l.root + "/goals/run.md"
        #expect(chmod(health, 0o444) == 0)
        #expect(chmod(run, 0o640) == 0)
        // As root, give the goal to another user: fmt must keep that owner.
        let otherUser: uid_t = geteuid() == 0 ? 4242 : geteuid()
        if geteuid() == 0 { #expect(chown(run, otherUser, 4343) == 0) }
        let before = try FileManager.default.attributesOfItem(atPath: run)
        let result = try HTLBinary.run(["fmt", "-C", l.root])
        #expect(result.status == 1)
        #expect(result.stdout == "formatted goals/run.md\n")
        #expect(result.stderr == "htl: not formatted: values/health.md is read-only; htl leaves it as it is\n")
        #expect(try l.read("values/health.md") == messy)
        #expect(try l.read("goals/run.md").hasPrefix("---\ntitle: Run 100 km\n"))
        let after = try FileManager.default.attributesOfItem(atPath: run)
        #expect((after[.posixPermissions] as? Int) == 0o640)
        #expect((after[.ownerAccountID] as? Int) == Int(otherUser))
        #expect((after[.groupOwnerAccountID] as? Int) == (before[.groupOwnerAccountID] as? Int))
        // htl log does not append through a read-only log either.
        #expect(chmod(l.root + "/log/2026.log", 0o444) == 0)
        let logged = try HTLBinary.run(["log", "-C", l.root, "Run", "1km", "+run"] + today)
        #expect(logged.status == 2)
        #expect(logged.stderr == "htl: log/2026.log is read-only; htl leaves it as it is\n")
    }

    // MARK: 6. Writes never leave the root

    @Test func writesNeverLeaveTheRootThroughSymbolicLinks() throws {
        let outside = try TemporaryLedger(["kept.log": "2026-11-01 Outside +run\n"], prefix: "htl-outside")
        defer { outside.remove() }
        let l = try ledger()
        defer { l.remove() }
        let fm = FileManager.default
        // log --file through a linked folder.
        try fm.createSymbolicLink(atPath: l.root + "/log/ext", withDestinationPath: outside.root)
        let viaFolder = try HTLBinary.run(
            ["log", "-C", l.root, "--file", "log/ext/x.log", "Run", "1km", "+run"] + today)
        #expect(viaFolder.status == 2)
        #expect(
            viaFolder.stderr
                == "htl: log/ext leads outside the ledger (a symbolic link); htl writes only inside \(l.root)\n")
        #expect(!fm.fileExists(atPath: outside.root + "/x.log"))
        // The year's log itself a link to a file outside.
        try fm.removeItem(atPath: l.root + "/log/2026.log")
        try fm.createSymbolicLink(atPath: l.root + "/log/2026.log", withDestinationPath: outside.root + "/kept.log")
        let viaFile = try HTLBinary.run(["log", "-C", l.root, "Run", "1km", "+run"] + today)
        #expect(viaFile.status == 2)
        #expect(
            viaFile.stderr.hasSuffix(
                "htl: log/2026.log is a symbolic link that leads outside the ledger; htl writes only inside \(l.root)\n"
            ), "\(viaFile.stderr)")
        #expect(try outside.read("kept.log") == "2026-11-01 Outside +run\n")
        // A new goal through a linked goals/ folder.
        try fm.removeItem(atPath: l.root + "/goals/run.md")
        try fm.removeItem(atPath: l.root + "/goals")
        try fm.createSymbolicLink(atPath: l.root + "/goals", withDestinationPath: outside.root)
        let newGoal = try HTLBinary.run(["new", "goal", "escape", "-C", l.root] + today)
        #expect(newGoal.status == 2)
        #expect(!fm.fileExists(atPath: outside.root + "/escape.md"))
        #expect(try fm.contentsOfDirectory(atPath: outside.root) == ["kept.log"])
    }

    @Test func fmtNeverRewritesAGoalThatLeadsOutside() throws {
        let messy = "---\ntargets:\n  km: 100\ntitle: Run\n---\n## Action plan\n"
        let outside = try TemporaryLedger(["goal.md": messy], prefix: "htl-outside")
        defer { outside.remove() }
        let l = try ledger()
        defer { l.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: l.root + "/goals/elsewhere.md", withDestinationPath: outside.root + "/goal.md")
        let result = try HTLBinary.run(["fmt", "-C", l.root])
        #expect(result.status == 1)
        #expect(result.stderr.contains("goals/elsewhere.md"))
        #expect(try outside.read("goal.md") == messy)
    }

    // MARK: 8. Control characters never reach the terminal

    /// Every command that prints, on a ledger whose every text holds escape
    /// sequences, C1 controls and bidirectional overrides: no control
    /// character reaches stdout or stderr except the colours htl itself emits.
    @Test func controlCharactersInUserTextNeverReachTheTerminal() throws {
        let evil = "\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}31m\u{202E}x\u{85}"
        let l = try ledger([
            "htl.yaml": "htl: 1\ntitle: \"Ledger \\e]0;PWNED\\a\\e[2J\"\n",
            "values/health.md":
                "---\ntitle: \"Health \\e[2J\\u009b\"\ndomain: \"\\e[31mBody\"\nguidance: \"\\u202Ex\"\nlevel: "
                + "major\n---\n",
            "terms/term-1.md":
                "---\nnumber: 1\ntitle: \"Term \\e]0;PWNED\\a\"\ntheme: \"\\e[2J\"\nstart: 2026-11-02\n---\n",
            "goals/run.md":
                "---\ntitle: \"Run \\e]0;PWNED\\a\\e[2J\"\nkind: obligation\nrequested_by: "
                + "\"\\e[2JBoss\"\nconsequence: \"\\u0085\\e[5m\"\nstart: 2026-11-02\ntarget: 2027-01-10\nterm: "
                + "1\ntargets:\n  km: 100\nvalues:\n  health: 8\n---\n- [ ] \(evil)\n",
            "log/2026.log":
                "2026-11-03 Run "
                + "\(evil.replacingOccurrences(of: "\u{1B}", with: "").replacingOccurrences(of: "\u{7}", with: "")) 5km +run\n2026-11-04 \"\(evil.unicodeScalars.filter { $0.value >= 0x80 }.map(String.init).joined())\" +run\n2026-11-05 bad\u{1B}[2J line\n",
        ])
        defer { l.remove() }
        try FileManager.default.createDirectory(
            atPath: l.root + "/goals/\u{1B}[2J.md", withIntermediateDirectories: true)
        let commands = [
            ["check"], ["check", "--format", "github"], ["status"], ["status", "--all"], ["progress", "run"],
            ["values"],
            ["terms"], ["actions"], ["diff"], ["fmt", "--check"], ["fmt", "--diff"],
            ["log", "--dry-run", "x\u{9B}y", "+run"],
            ["progress", "r\u{1B}[2Jun"], ["explain", "no\u{1B}[2J"], ["new", "goal", "x\u{1B}[2J"],
        ]
        for color in ["never", "always"] {
            for command in commands {
                let result = try HTLBinary.run(command + ["-C", l.root, "--color", color] + today)
                for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                    let bad = TerminalOutput.unsafeScalars(text, allowingColour: color == "always")
                    #expect(bad.isEmpty, "\(command) \(color) \(stream): \(bad) in \(text)")
                }
                if command == ["status"] {
                    #expect(result.stdout.contains("Run \\e]0;PWNED\\u{7}\\e[2J"), "\(result.stdout)")
                }
            }
        }
    }

    // MARK: 10. COLUMNS is clamped

    @Test(arguments: ["9223372036854775807", "1000000000", "-5", "0", "abc", "", "5"])
    func nonsenseColumnsNeitherTrapsNorHangs(_ columns: String) throws {
        let l = try ledger()
        defer { l.remove() }
        for command in [["status"], ["progress", "run"], ["values"], ["terms"], ["actions"]] {
            let result = try HTLBinary.run(command + ["-C", l.root] + today, environment: ["COLUMNS": columns])
            #expect(result.status == 0, "\(command) COLUMNS=\(columns): \(result.stderr)")
            let widest = result.stdout.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= 1000, "\(command) COLUMNS=\(columns)")
        }
    }

    // MARK: 15-17. Arguments, writers, -C

    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let l = try ledger()
        defer { l.remove() }
        let before = try l.readBytes("log/2026.log")
        let line = "'\(HTLBinary.path)' log -C '\(l.root)' --today 2026-11-22 Run $(printf 'caf\\351') +run"
        let result = try Command.run("/bin/bash", ["-c", line])
        #expect(result.status == 2)
        #expect(result.stderr == "htl: argument 7 is not valid UTF-8 (caf\\xE9); htl takes UTF-8 text only\n")
        #expect(try l.readBytes("log/2026.log") == before)
    }

    @Test func writersRefuseWhatCheckWouldReject() throws {
        let l = try ledger(["terms/term-9999.md": "---\nnumber: 2\nstart: 9999-11-01\nend: 9999-12-31\n---\n"])
        defer { l.remove() }
        let blank = try HTLBinary.run(["new", "goal", "x", "--title", "", "-C", l.root] + today)
        #expect(blank.status == 2)
        #expect(
            blank.stderr
                == "htl: the new goal would not pass htl check: 2:8: title must not be blank [invalid-value]; nothing "
                + "written\n"
        )
        #expect(!FileManager.default.fileExists(atPath: l.root + "/goals/x.md"))
        let late = try HTLBinary.run(["new", "term", "term-3", "-C", l.root] + today)
        #expect(late.status == 2)
        #expect(
            late.stderr == "htl: no room for a new term: the last term ends 9999-12-31, and dates end at 9999-12-31\n")
        #expect(!FileManager.default.fileExists(atPath: l.root + "/terms/term-3.md"))
    }

    @Test func aTermNumberOtherThanTheIdsIsSaid() throws {
        let l = try ledger(["terms/autumn.md": "---\nnumber: 8\nstart: 2027-01-11\n---\n"])
        defer { l.remove() }
        let result = try HTLBinary.run(["new", "term", "term-8", "-C", l.root] + today)
        #expect(result.status == 0)
        #expect(result.stdout == "created terms/term-8.md\n")
        #expect(result.stderr == "note: term 8 is taken (terms/autumn.md), so terms/term-8.md has number 9\n")
        #expect(try l.read("terms/term-8.md").hasPrefix("---\nnumber: 9\n"))
        let free = try HTLBinary.run(["new", "term", "term-5", "-C", l.root] + today)
        #expect(free.stderr == "")
        #expect(try l.read("terms/term-5.md").hasPrefix("---\nnumber: 5\n"))
    }

    @Test func everyCommandTakesDashC() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("htl-c-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let created = try HTLBinary.run(["init", "-C", base, "mine"] + today)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: base + "/mine/htl.yaml"))
        #expect(try HTLBinary.run(["rules", "-C", base + "/mine"]).status == 0)
        #expect(try HTLBinary.run(["explain", "bad-entry", "-C", base + "/mine", "--color", "never"]).status == 0)
        #expect(try HTLBinary.run(["check", "-C", base + "/mine"] + today).status == 0)
    }

    // MARK: 18. Smaller ones

    /// A batch command reserves 1 GB of heap at once (for 2 MB pages,
    /// `ProcessMemory`), but not under a limit on address space: one just
    /// above the reservation left no room for a worker thread's stack, and
    /// the thread pool waited for one forever. Under limits below, near and
    /// above 1 GB every command ends as it does without a limit (`timeout`
    /// turns a hang into exit 124).
    @Test(arguments: [["check"], ["status", "--json"], ["export", "--json"], ["fmt", "--check"]])
    func aMemoryLimitNearTheHeapReservationChangesNothing(_ command: [String]) throws {
        let l = try ledger(["goals/run.md": "---\ntitle:   Run\n---\n"])
        defer { l.remove() }
        let unlimited = try HTLBinary.run(command + ["-C", l.root] + today)
        #expect(!unlimited.stdout.isEmpty)
        // The window where a reservation fits but a stack does not is a few MB wide, and where it lies
        // depends on the binary: every 4 MB from just under 1 GB to past it.
        for kilobytes in [700_000] + Array(stride(from: 1_036_000, through: 1_100_000, by: 4_000)) {
            for limit in ["-v", "-d"] {
                let script = "ulimit \(limit) \(kilobytes); exec timeout 30 \"$HTL\" \"$@\""
                let limited = try Command.run(
                    "/bin/bash", ["-c", script, "bash"] + command + ["-C", l.root] + today,
                    environment: ["HTL": HTLBinary.path])
                #expect(limited.status == unlimited.status, "ulimit \(limit) \(kilobytes)")
                #expect(limited.stdout == unlimited.stdout, "ulimit \(limit) \(kilobytes)")
                #expect(limited.stderr == unlimited.stderr, "ulimit \(limit) \(kilobytes)")
            }
        }
    }

    @Test func aBadFirstLogLineShowsItsExcerpt() throws {
        let l = try ledger(["log/2026.log": "20/11/2026 Run 5km +run\n"])
        defer { l.remove() }
        let result = try HTLBinary.run(["check", "-C", l.root] + today)
        #expect(
            result.stdout == """
                log/2026.log:1:1: error: a log line must start with a date YYYY-MM-DD (or '#' for a comment), found '20/11/2026' [bad-log-line]
                 1 | 20/11/2026 Run 5km +run
                   | ^

                """)
    }

    @Test func aKilledWritersTemporaryFileIsCleanedAndNeverCommitted() throws {
        let repo = try TemporaryGitRepository(SampleLedger.with(["goals/run.md": "---\ntitle:   Run\n---\n"]))
        defer { repo.remove() }
        // What a killed fmt leaves: a temporary file whose process is gone.
        try repo.write("goals/.htl-tmp-999999-dead", "half a file")
        try repo.git("add", "-A")
        let staged = try repo.htl(["check", "--staged"] + today)
        #expect(staged.status == 1)
        #expect(
            staged.stdout.contains(
                "goals/.htl-tmp-999999-dead:1:1: error: goals/.htl-tmp-999999-dead is a temporary file left by an "
                    + "interrupted htl write, and it is staged [bad-entry]"
            ), "\(staged.stdout)")
        // The next write in that folder removes it.
        let formatted = try repo.htl(["fmt", "goals/run.md"] + today)
        #expect(formatted.stdout == "formatted goals/run.md\n", "\(formatted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repo.root + "/goals").sorted() == ["run.md"])
        // A new ledger ignores them in git from the start.
        let folder = repo.root + "/fresh"
        #expect(try HTLBinary.run(["init", folder] + today).status == 0)
        let ignored = try String(contentsOfFile: folder + "/.gitignore", encoding: .utf8)
        #expect(ignored.contains("\n.htl-tmp-*\n"))
        // And the running timer, which is one machine's.
        #expect(ignored.hasSuffix("\n.htl-timer\n"))
    }
}

/// What a terminal would act on in htl's output.
enum TerminalOutput {
    /// Control scalars in `text` other than line feeds, tabs and (when
    /// colour is on) the SGR sequences `ESC [ digits;digits m` htl emits.
    static func unsafeScalars(_ text: String, allowingColour: Bool) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var bad: [String] = []
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}", allowingColour, i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == ";" { j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    i = j + 1
                    continue
                }
            }
            if s != "\n", s != "\t", TerminalText.isShownEscaped(s) || s == "\u{1B}" {
                bad.append(String(format: "U+%04X", s.value))
            }
            i += 1
        }
        return bad
    }
}
