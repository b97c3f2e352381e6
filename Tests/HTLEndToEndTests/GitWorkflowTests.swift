import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// Pre-commit checks, the append-only log and progress diffs, on real repositories.
@Suite struct GitWorkflowTests {
    let today = ["--today", "2026-11-22"]
    static let log = "# 2026\n2026-11-03 Run 5km +run\n2026-11-05 Run 6km +run\n2026-11-07 Run 7km +run\n"

    func repository(_ changes: [String: String?] = [:]) throws -> TemporaryGitRepository {
        try TemporaryGitRepository(SampleLedger.with(["log/2026.log": Self.log].merging(changes) { _, b in b }))
    }

    // MARK: check --staged

    @Test func stagedCleanWhileTheWorkingTreeIsBroken() throws {
        let repo = try repository()
        defer { repo.remove() }
        try repo.git("add", "-A")
        try repo.write("goals/run.md", "---\ntitle: [broken\n---\n")
        try repo.write("goals/untracked.md", "---\nimportance: 99\n---\n")
        #expect(try repo.htl(["check"] + today).status == 1)
        let staged = try repo.htl(["check", "--staged"] + today)
        #expect(staged.status == 0, "\(staged.stdout)")
        #expect(staged.stderr == "no errors or warnings in 6 files\n")
    }

    @Test func stagedBrokenWhileTheWorkingTreeIsFixed() throws {
        let repo = try repository(["goals/run.md": "---\ntitle: Run\nimportance: 11\n---\n## Action plan\n"])
        defer { repo.remove() }
        try repo.git("add", "-A")
        try repo.write("goals/run.md", SampleLedger.files["goals/run.md"]!)
        #expect(try repo.htl(["check"] + today).status == 0)
        let staged = try repo.htl(["check", "--staged"] + today)
        #expect(staged.status == 1)
        #expect(
            staged.stdout.hasPrefix(
                "goals/run.md:3:13: error: importance must be an integer from 1 to 10, found 11 [invalid-value]\n"))
    }

    /// A repository's configuration names commands git would run for htl
    /// (here `core.fsmonitor`, asked on every read of the index): htl runs
    /// none of them, whatever it asks git.
    @Test func commandsTheRepositoryConfiguresAreNeverRun() throws {
        let repo = try repository()
        defer { repo.remove() }
        try repo.commitAll("start")
        let marker = repo.root + "/../" + URL(fileURLWithPath: repo.root).lastPathComponent + "-ran"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let hook = repo.root + "/.git/fsmonitor.sh"
        try "#!/bin/sh\necho \"$@\" >> '\(marker)'\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        try repo.git("config", "core.fsmonitor", hook)
        // git itself runs it: the test would prove nothing otherwise.
        try repo.git("ls-files", "--stage")
        #expect(FileManager.default.fileExists(atPath: marker))
        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 8km +run\n")
        try repo.git("add", "-A")
        try FileManager.default.removeItem(atPath: marker)
        for command in [
            ["check", "--staged"], ["check"], ["diff", "HEAD"], ["diff", "HEAD", "--staged"], ["hook", "install"],
        ] {
            let result = try repo.htl(command + today)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: marker), "\(command) ran core.fsmonitor")
            try? FileManager.default.removeItem(atPath: marker)
        }
    }

    @Test func beforeTheFirstCommit() throws {
        let repo = try repository()
        defer { repo.remove() }
        let nothingStaged = try repo.htl(["check", "--staged"] + today)
        #expect(nothingStaged.status == 2)
        #expect(
            nothingStaged.stderr
                == "htl: no htl.yaml is staged in the repository's top folder: stage the ledger (git add) first\n")
        try repo.git("add", "-A")
        #expect(try repo.htl(["check", "--staged"] + today).status == 0)
    }

    @Test func ledgerInASubfolderOfTheRepository() throws {
        let repo = try TemporaryGitRepository(
            Dictionary(uniqueKeysWithValues: SampleLedger.files.map { ("ledger/" + $0.key, $0.value) }))
        defer { repo.remove() }
        try repo.write("README.md", "not part of the ledger\n")
        try repo.commitAll("one")
        try repo.write("ledger/log/2026.log", "2026-11-03 Run 9km +run\n")
        try repo.git("add", "-A")
        let result = try repo.htl(["check", "--staged"] + today, in: repo.root + "/ledger/goals")
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "log/2026.log:1:1: error: committed log line 1 was changed; it was: 2026-11-03 Run 5km +run "
                    + "[log-rewrite]\n"
            ))
    }

    /// Git's answers are read as bytes: a folder name with a line break in it
    /// is a folder name, not two lines.
    @Test func aLedgerFolderWithALineBreakInItsName() throws {
        let folder = "my\nledger"
        let repo = try TemporaryGitRepository(
            Dictionary(uniqueKeysWithValues: SampleLedger.files.map { (folder + "/" + $0.key, $0.value) }))
        defer { repo.remove() }
        try repo.commitAll("one")
        let ledger = repo.root + "/" + folder
        let diff = try repo.htl(["diff"] + today, in: ledger)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasSuffix("\nno progress changed · 0 actions added · 1 goal unchanged\n"), "\(diff.stdout)")
        try repo.write(folder + "/log/2026.log", "2026-11-03 Run 5km +run\n2026-11-04 Run 3km +run\n")
        try repo.git("add", "-A")
        let staged = try repo.htl(["check", "--staged"] + today, in: ledger)
        #expect(staged.status == 0, "\(staged.stdout)\(staged.stderr)")
        #expect(staged.stderr == "no errors or warnings in 6 files\n")
        let changed = try repo.htl(["diff", "--staged", "--json"] + today, in: ledger)
        #expect(changed.stdout.contains("\"actions_added\": 1"))
    }

    // MARK: append-only

    func committed() throws -> TemporaryGitRepository {
        let repo = try repository()
        try repo.commitAll("ledger")
        return repo
    }

    @Test func editedCommittedLineIsALogRewriteAtThatLine() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", Self.log.replacingOccurrences(of: "6km", with: "16km"))
        try repo.git("add", "-A")
        let result = try repo.htl(["check", "--staged"] + today)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                log/2026.log:3:1: error: committed log line 3 was changed; it was: 2026-11-05 Run 6km +run [log-rewrite]
                 3 | 2026-11-05 Run 16km +run
                   | ^
                   = help: log a correction instead (for example a negative quantity)

                """)
    }

    @Test func deletedCommittedLineIsALogRewrite() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", Self.log.replacingOccurrences(of: "2026-11-05 Run 6km +run\n", with: ""))
        try repo.git("add", "-A")
        let middle = try repo.htl(["check", "--staged"] + today)
        #expect(
            middle.stdout.hasPrefix(
                "log/2026.log:3:1: error: committed log line 3 was changed; it was: 2026-11-05 Run 6km +run "
                    + "[log-rewrite]"
            ))
        try repo.write("log/2026.log", "# 2026\n2026-11-03 Run 5km +run\n")
        try repo.git("add", "-A")
        let end = try repo.htl(["check", "--staged"] + today)
        #expect(end.stdout.hasPrefix("log/2026.log:2:1: error: committed log lines 3-4 were removed [log-rewrite]"))
        #expect(end.status == 1)
    }

    @Test func renamedOrRemovedLogFileIsALogRewriteOnItsPath() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.git("mv", "log/2026.log", "log/running.log")
        let renamed = try repo.htl(["check", "--staged"] + today)
        #expect(renamed.status == 1)
        #expect(
            renamed.stdout.hasPrefix(
                "log/2026.log:1:1: error: committed log file log/2026.log was renamed to log/running.log; keep its "
                    + "name [log-rewrite]\n"
            ))
        try repo.git("rm", "-q", "--cached", "log/running.log")
        let removed = try repo.htl(["check", "--staged"] + today)
        #expect(
            removed.stdout.hasPrefix(
                "log/2026.log:1:1: error: committed log file log/2026.log was removed [log-rewrite]\n"))
    }

    @Test func appendedLinesAndUncommittedEditsAreFine() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 8km +run\n")
        try repo.git("add", "-A")
        #expect(try repo.htl(["check", "--staged"] + today).status == 0)
        // Edit the line that is staged but not committed yet: still fine.
        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 9km +run\n")
        try repo.git("add", "-A")
        #expect(try repo.htl(["check", "--staged"] + today).status == 0)
    }

    @Test func formattingACommittedLogIsNotARewrite() throws {
        let repo = try repository([
            "log/2026.log": "\u{FEFF}# 2026  \r\n2026-11-03   Run\t5km  +run   \r\n2026-11-05 Run 6km +run\r\n\r\n\r\n"
        ])
        defer { repo.remove() }
        try repo.commitAll("messy log")
        #expect(try repo.htl(["fmt"]).stdout == "formatted log/2026.log\n")
        #expect(try repo.read("log/2026.log") == "# 2026\n2026-11-03 Run 5km +run\n2026-11-05 Run 6km +run\n")
        try repo.git("add", "-A")
        let result = try repo.htl(["check", "--staged"] + today)
        #expect(result.status == 0, "\(result.stdout)")
    }

    /// Inside git a plain check applies the append-only rule against HEAD,
    /// so an edited committed line is caught before `git commit` refuses it.
    @Test func plainCheckCatchesAnEditedCommittedLine() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", Self.log.replacingOccurrences(of: "Run 6km", with: "Run 60km"))
        let plain = try repo.htl(["check"] + today)
        #expect(plain.status == 1)
        #expect(
            plain.stdout.hasPrefix(
                "log/2026.log:3:1: error: committed log line 3 was changed; it was: 2026-11-05 Run 6km +run "
                    + "[log-rewrite]\n"
            ))
        let staged = try repo.htl(["check", "--staged"] + today)
        #expect(staged.status == 0)  // not staged yet
    }

    /// A plain check runs on every save in some setups: it asks git once (one
    /// `cat-file --batch-command` for HEAD's log folder and the id of each
    /// log now; a log that only grew is HEAD's blob followed by more, which
    /// its hash shows), a second time only for the contents of a log that
    /// changed otherwise, and still sees every log HEAD holds: removed ones,
    /// ones in a subfolder of log/ (asked the general way), in a ledger
    /// folder whose name has a space.
    @Test func plainCheckAsksGitOnceAndSeesEveryCommittedLog() throws {
        let files = SampleLedger.with(["log/2026.log": Self.log, "log/2025.log": "2026-11-04 Swim 3km +run\n"])
        let repo = try TemporaryGitRepository(
            Dictionary(uniqueKeysWithValues: files.map { ("my goals/" + $0.key, $0.value) }))
        defer { repo.remove() }
        try repo.commitAll("ledger")
        let ledger = repo.root + "/my goals"
        // Kept inside .git, where no commit picks them up.
        let calls = repo.root + "/.git/htl-test-calls"
        let fakeBin = repo.root + "/.git/htl-test-bin"
        try FileManager.default.createDirectory(atPath: fakeBin, withIntermediateDirectories: true)
        let realGit = try Command.run("/bin/sh", ["-c", "command -v git"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        // Records the two words after `-C FOLDER` (htl's `-c` overrides come before it).
        try """
        #!/bin/sh
        n=0; words=""
        for a in "$@"; do
          [ $n -gt 0 ] && { n=$((n + 1)); [ $n -ge 3 ] && [ $n -le 4 ] && words="$words${words:+ }$a"; }
          [ $n -eq 0 ] && [ "$a" = -C ] && n=1
        done
        echo "$words" >> '\(calls)'
        exec \(realGit) "$@"

        """.write(toFile: fakeBin + "/git", atomically: true, encoding: .utf8)
        chmod(fakeBin + "/git", 0o755)
        var counted = TemporaryGitRepository.environment
        counted["PATH"] = fakeBin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        func check() throws -> (stdout: String, calls: [String]) {
            try? FileManager.default.removeItem(atPath: calls)
            let result = try HTLBinary.run(["check", "-C", ledger] + today, environment: counted)
            let asked = (try? String(contentsOfFile: calls, encoding: .utf8)) ?? ""
            return (result.stdout, asked.split(separator: "\n").map(String.init))
        }

        try repo.write("my goals/log/2026.log", Self.log + "2026-11-09 Run 8km +run\n")
        let grown = try check()
        #expect(grown.stdout == "")
        #expect(grown.calls == ["cat-file --batch-command"])

        try repo.write("my goals/log/2026.log", Self.log.replacingOccurrences(of: "Run 7km", with: "Run 70km"))
        try FileManager.default.removeItem(atPath: ledger + "/log/2025.log")
        let edited = try check()
        #expect(
            edited.stdout.hasPrefix(
                """
                log/2025.log:1:1: error: committed log file log/2025.log was removed [log-rewrite]
                """))
        #expect(
            edited.stdout.contains(
                "log/2026.log:4:1: error: committed log line 4 was changed; it was: 2026-11-07 Run 7km +run "
                    + "[log-rewrite]\n"
            ))
        #expect(edited.calls == ["cat-file --batch-command", "cat-file --batch"])

        // A log in a subfolder of log/: one request cannot list it, so git is asked the general way.
        try repo.write("my goals/log/2026.log", Self.log)
        try repo.write("my goals/log/2025.log", "2026-11-04 Swim 3km +run\n")
        try repo.write("my goals/log/old/2024.log", "2026-11-06 Walk 2km +run\n")
        try repo.commitAll("older log")
        try repo.write("my goals/log/old/2024.log", "2026-11-06 Walk 20km +run\n")
        let nested = try check()
        #expect(
            nested.stdout.hasPrefix(
                "log/old/2024.log:1:1: error: committed log line 1 was changed; it was: 2026-11-06 Walk 2km +run "
                    + "[log-rewrite]\n"
            ))
    }

    /// In a repository with SHA-256 object ids htl does not hash a log's
    /// beginning itself: git sends the committed text, and a grown log is
    /// still fine, an edited committed line still caught.
    @Test func aRepositoryWithSHA256IdsIsComparedByContents() throws {
        let repo = try repository()
        defer { repo.remove() }
        try FileManager.default.removeItem(atPath: repo.root + "/.git")
        try repo.git("init", "-q", "--object-format=sha256", "-b", "main")
        try repo.commitAll("ledger")
        #expect(
            try repo.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines).utf8.count == 64)
        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 8km +run\n")
        let grown = try repo.htl(["check"] + today)
        #expect(grown.status == 0, "\(grown.stdout)")
        try repo.write("log/2026.log", Self.log.replacingOccurrences(of: "Run 6km", with: "Run 60km"))
        let edited = try repo.htl(["check"] + today)
        #expect(edited.status == 1)
        #expect(
            edited.stdout.hasPrefix(
                "log/2026.log:3:1: error: committed log line 3 was changed; it was: 2026-11-05 Run 6km +run "
                    + "[log-rewrite]\n"
            ))
    }

    /// A git older than 2.36 has no `cat-file --batch-command`: the check
    /// asks the general way and still catches an edited committed line.
    @Test func aGitWithoutBatchCommandIsAskedTheGeneralWay() throws {
        let repo = try committed()
        defer { repo.remove() }
        let fakeBin = repo.root + "/.git/htl-test-bin"
        try FileManager.default.createDirectory(atPath: fakeBin, withIntermediateDirectories: true)
        let realGit = try Command.run("/bin/sh", ["-c", "command -v git"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try """
        #!/bin/sh
        for a in "$@"; do [ "$a" = --batch-command ] && { echo "error: unknown option batch-command" >&2; exit 129; }; done
        exec \(realGit) "$@"

        """.write(toFile: fakeBin + "/git", atomically: true, encoding: .utf8)
        chmod(fakeBin + "/git", 0o755)
        var environment = TemporaryGitRepository.environment
        environment["PATH"] = fakeBin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 8km +run\n")
        #expect(try HTLBinary.run(["check", "-C", repo.root] + today, environment: environment).stdout == "")
        try repo.write("log/2026.log", Self.log.replacingOccurrences(of: "Run 6km", with: "Run 60km"))
        let edited = try HTLBinary.run(["check", "-C", repo.root] + today, environment: environment)
        #expect(edited.status == 1)
        #expect(
            edited.stdout.hasPrefix(
                "log/2026.log:3:1: error: committed log line 3 was changed; it was: 2026-11-05 Run 6km +run "
                    + "[log-rewrite]\n"
            ))
    }

    /// A committed line can never change: its warnings were shown when it
    /// was committed and are not repeated at every commit after.
    @Test func stagedDoesNotRepeatWarningsOnCommittedLines() throws {
        let early = "2026-10-01 Early 4km +run\n"
        let repo = try repository(["log/2026.log": Self.log + early])
        defer { repo.remove() }
        try repo.commitAll("an early run")
        try repo.write("log/2026.log", Self.log + early + "2026-11-08 Run 2km +run\n2026-10-02 Early 1km +run\n")
        try repo.git("add", "-A")
        let staged = try repo.htl(["check", "--staged"] + today)
        #expect(staged.status == 0)
        #expect(
            staged.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                "log/2026.log:7:22: warning: action dated 2026-10-02 links 'run' outside its window [2026-11-02, "
                    + "2027-01-10]; it still counts [link-outside-window]"
            ])
        // A plain check shows the ledger as it is: both.
        #expect(
            try repo.htl(["check"] + today).stdout.split(separator: "\n").filter { $0.hasPrefix("log/") }.count == 2)
    }

    @Test func aRepositoryWithNoCommitYet() throws {
        let repo = try repository()
        defer { repo.remove() }
        let diff = try repo.htl(["diff"] + today)
        #expect(diff.status == 2)
        #expect(
            diff.stderr == "htl: the repository has no commits yet, so 'HEAD' names none: commit the ledger first\n")
        #expect(try repo.htl(["check"] + today).status == 0)
    }

    /// The README's `.pre-commit-config.yaml`, as written, with the
    /// pre-commit framework (PyPI) and the htl on PATH.
    @Test func theREADMEsPreCommitConfigurationWorksAsWritten() throws {
        let readme = try String(contentsOfFile: Paths.root.appendingPathComponent("README.md").path, encoding: .utf8)
        let block = try #require(
            readme.components(separatedBy: "  ```yaml\n").first { $0.hasPrefix("  repos:\n    - repo: local") })
        let config = block.components(separatedBy: "  ```")[0].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
        let repo = try repository([".pre-commit-config.yaml": config])
        defer { repo.remove() }
        let home = repo.root + "/.home"
        var environment = TemporaryGitRepository.environment
        environment["HOME"] = home
        environment["HTL_TODAY"] = "2026-11-22"
        environment["PATH"] =
            (HTLBinary.path as NSString).deletingLastPathComponent + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        try repo.write(".gitignore", ".home/\n")
        let install = try Command.run(
            "python3", ["-m", "pre_commit", "install"], in: repo.root, environment: environment)
        #expect(install.status == 0, "\(install.stderr)")
        try repo.git("add", "-A")
        let first = try Command.run("git", ["commit", "-q", "-m", "ledger"], in: repo.root, environment: environment)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let said = first.stdout + first.stderr
        #expect(said.contains("htl check --staged") && said.contains("Passed"), "\(said)")
        try repo.write("log/2026.log", Self.log.replacingOccurrences(of: "Run 6km", with: "Run 60km"))
        try repo.git("add", "-A")
        let refused = try Command.run(
            "git", ["commit", "-q", "-m", "rewrite"], in: repo.root, environment: environment)
        #expect(refused.status == 1)
        #expect(
            (refused.stdout + refused.stderr).contains("committed log line 3 was changed"),
            "\(refused.stdout)\(refused.stderr)")
    }

    @Test func sinceAComparesTheWorkingTreeWithThatRevision() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", "# 2026\n")
        let since = try repo.htl(["check", "--since", "HEAD"] + today)
        #expect(since.status == 1)
        #expect(since.stdout.hasPrefix("log/2026.log:1:1: error: committed log lines 2-4 were removed [log-rewrite]"))
    }

    @Test func theRuleCanBeTurnedOff() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("htl.yaml", "htl: 1\nrules:\n  log-rewrite: off\n")
        try repo.write("log/2026.log", "# 2026\n")
        try repo.git("add", "-A")
        #expect(try repo.htl(["check", "--staged"] + today).status == 0)
    }

    // MARK: diff

    @Test func diffAcrossThreeCommits() throws {
        let repo = try repository(["log/2026.log": "2026-11-03 Run 5km +run\n"])
        defer { repo.remove() }
        let first = try repo.commitAll("one")
        try repo.write("log/2026.log", "2026-11-03 Run 5km +run\n2026-11-05 Run 20.5km +run\n")
        try repo.write("goals/read.md", "---\ntitle: Read\ntargets:\n  sessions: 10\n---\n## Action plan\n")
        try repo.commitAll("two")
        try repo.write(
            "log/2026.log",
            "2026-11-03 Run 5km +run\n2026-11-05 Run 20.5km +run\n2026-11-06 Read 3sessions +read\n2026-11-07 Fix "
                + "-0.5km +run\n"
        )
        try FileManager.default.removeItem(atPath: repo.root + "/goals/run.md")
        try repo.write("goals/run-more.md", SampleLedger.files["goals/run.md"]!)
        try repo.write("log/2026.log", try repo.read("log/2026.log") + "2026-11-08 Run 4km +run-more\n")
        try repo.commitAll("three")

        let oneToTwo = try repo.htl(["diff", first, "HEAD~1", "--json"] + today)
        #expect(oneToTwo.status == 0, "\(oneToTwo.stderr)")
        #expect(
            oneToTwo.stdout.contains("\"from_progress\": 0.05,\n      \"to_progress\": 0.255,\n      \"delta\": 0.205,")
        )
        Golden.check(
            oneToTwo.stdout.replacingOccurrences(of: first, with: "FIRST"), against: "Tests/Golden/git/diff-1-2.json")

        let twoToThree = try repo.htl(["diff", "HEAD~1", "HEAD", "--json"] + today)
        Golden.check(twoToThree.stdout, against: "Tests/Golden/git/diff-2-3.json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(twoToThree.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "from", "to", "from_as_of", "to_as_of", "goals", "actions_added", "corrections_added", "to_come_added",
            ])
        // Two runs and a read were added; `Fix -0.5km` is a correction (all its quantities are negative).
        #expect(object["actions_added"] as? Int == 2)
        #expect(object["corrections_added"] as? Int == 1)
        let goals = try #require(object["goals"] as? [[String: Any]])
        #expect(goals.map { "\($0["id"]!):\($0["change"]!)" } == ["read:changed", "run:removed", "run-more:added"])
        for g in goals {
            #expect(
                Array(g.keys).sorted() == [
                    "change", "delta", "from_progress", "from_state", "id", "targets", "title", "to_progress",
                    "to_state",
                ])
        }
        let text = try repo.htl(["diff", "HEAD~2", "HEAD"] + today)
        Golden.check(text.stdout, against: "Tests/Golden/git/diff-1-3.txt")
    }

    @Test func diffHeadAgainstTheWorkingTreeAndTheIndex() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 12km +run\n")
        // HEAD is judged on its own commit day, the working tree on today:
        // on 2026-11-20 the committed 18 km were on track, as they are now.
        let worktree = try repo.htl(["diff"] + today)
        #expect(
            worktree.stdout == """
                Progress from HEAD (as of 2026-11-20) to the working tree (as of 2026-11-22)

                Changed
                  run  Run 100 km                                             18% → 30%  +12 pts
                      km 18 → 30

                1 action added

                """)
        // `--as-of` asks the other question: both sides on one day.
        let asOf = try repo.htl(["diff", "--as-of", "2026-11-22"] + today)
        #expect(
            asOf.stdout == """
                Progress from HEAD to the working tree (both as of 2026-11-22)

                Changed
                  run  Run 100 km                                             18% → 30%  +12 pts
                      on track (was behind) · km 18 → 30

                1 action added

                """)
        let index = try repo.htl(["diff", "--staged", "--json"] + today)
        #expect(index.stdout.contains("\"to\": \"index\""))
        // The same files, judged on their own days: the commit's 18 km were
        // on track on 2026-11-20 and are behind on 2026-11-22.
        #expect(
            index.stdout.contains(
                "\"change\": \"changed\",\n      \"from_progress\": 0.18,\n      \"to_progress\": 0.18,\n      "
                    + "\"delta\": 0,\n      \"from_state\": \"on_track\",\n      \"to_state\": \"behind\","),
            "\(index.stdout)")
        #expect(index.stdout.contains("\"actions_added\": 0"))
    }

    /// Actions are compared by their text in whatever log: a renamed log
    /// adds none, a line moved to another log is not new, and only a line
    /// no log held before counts.
    @Test func diffCountsActionsByTheirTextNotTheirFile() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.git("mv", "log/2026.log", "log/2026-run.log")
        try repo.commitAll("rename")
        let renamed = try repo.htl(["diff", "HEAD~1", "HEAD"] + today)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(
            renamed.stdout
                == "Progress from HEAD~1 to HEAD (both as of 2026-11-20)\n\nno progress changed · 0 actions added · "
                + "1 goal unchanged\n",
            "\(renamed.stdout)")
        try repo.write("log/2026-run.log", "# 2026\n2026-11-03 Run 5km +run\n")
        try repo.write(
            "log/2026-more.log", "2026-11-05 Run 6km +run\n2026-11-07   Run 7km +run\n2026-11-09 Run 1km +run\n")
        let split = try repo.htl(["diff", "HEAD~1", "--json"] + today)
        #expect(split.stdout.contains("\"actions_added\": 1,\n"), "\(split.stdout)")
    }

    /// diff only counts errors (it skips the rules that can only warn), but a
    /// warning raised to an error in `rules:` still fails it.
    @Test func diffFailsOnAWarningRaisedToAnError() throws {
        let repo = try committed()
        defer { repo.remove() }
        try repo.write("log/2026.log", Self.log + "2026-11-09 Yoga 30min +run\n")
        let warned = try repo.htl(["diff"] + today)
        #expect(warned.status == 0)
        #expect(warned.stderr == "")
        #expect(try repo.htl(["check"] + today).stdout.contains("[unused-quantity]"))
        try repo.write("htl.yaml", "htl: 1\nrules:\n  unused-quantity: error\n")
        let failed = try repo.htl(["diff"] + today)
        #expect(failed.status == 1)
        #expect(failed.stderr == "1 error in the working tree; run htl check\n")
    }

    // MARK: hook

    @Test func hookRefusesABrokenCommitAndLetsAGoodOneThrough() throws {
        let repo = try committed()
        defer { repo.remove() }
        let install = try repo.htl(["hook", "install"])
        #expect(install.status == 0)
        #expect(
            install.stdout
                == "registered htl merge-log for log/**/*.log (git config merge.htl-log; .gitattributes written)\n"
                + "installed \(repo.root)/.git/hooks/pre-commit: every commit now runs htl check --staged\n"
        )
        #expect(
            try repo.htl(["hook", "install"]).stdout
                == "registered htl merge-log for log/**/*.log (git config merge.htl-log)\n"
                + "already installed: \(repo.root)/.git/hooks/pre-commit\n")

        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 8kms +run\n")
        try repo.git("add", "-A")
        let refused = try Command.run(
            "git", ["commit", "-q", "-m", "broken"], in: repo.root, environment: TemporaryGitRepository.environment)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("unknown unit 'kms'") || refused.stdout.contains("unknown unit 'kms'"))
        #expect(try repo.git("rev-list", "--count", "HEAD").stdout == "1\n")

        try repo.write("log/2026.log", Self.log + "2026-11-09 Run 8km +run\n")
        try repo.git("add", "-A")
        let accepted = try Command.run(
            "git", ["commit", "-q", "-m", "good"], in: repo.root, environment: TemporaryGitRepository.environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(try repo.git("rev-list", "--count", "HEAD").stdout == "2\n")
    }

    @Test func anExistingHookIsKept() throws {
        let repo = try committed()
        defer { repo.remove() }
        let hook = repo.root + "/.git/hooks/pre-commit"
        try "#!/bin/sh\necho mine\n".write(toFile: hook, atomically: true, encoding: .utf8)
        let result = try repo.htl(["hook", "install"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("htl: a pre-commit hook already exists at \(hook); it was kept.\n"))
        #expect(try String(contentsOfFile: hook, encoding: .utf8) == "#!/bin/sh\necho mine\n")
    }

    // MARK: failures

    @Test func gitFailuresAreExitTwoWithAClearMessage() throws {
        let plain = try TemporaryLedger(SampleLedger.files)
        defer { plain.remove() }
        let notRepo = try HTLBinary.run(
            ["check", "--staged", "-C", plain.root] + today, environment: TemporaryGitRepository.environment)
        #expect(notRepo.status == 2)
        #expect(notRepo.stderr == "htl: not a git repository: \(plain.root) (git init first)\n")

        let repo = try committed()
        defer { repo.remove() }
        let unknown = try repo.htl(["diff", "no-such-branch"] + today)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "htl: unknown revision 'no-such-branch'\n")
        #expect(try repo.htl(["check", "--since", "--all"] + today).status == 2)

        // A git that dies before reading its input: exit 2 with a message, not a SIGPIPE.
        let fakeBin = repo.root + "/fake-bin"
        try FileManager.default.createDirectory(atPath: fakeBin, withIntermediateDirectories: true)
        let realGit = try Command.run("/bin/sh", ["-c", "command -v git"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let script =
            "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = cat-file ] && { echo 'fatal: broken' >&2; exit 128; }; "
            + "done\nexec \(realGit) \"$@\"\n"
        try script.write(toFile: fakeBin + "/git", atomically: true, encoding: .utf8)
        chmod(fakeBin + "/git", 0o755)
        var broken = TemporaryGitRepository.environment
        broken["PATH"] = fakeBin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let dies = try HTLBinary.run(["check", "--staged", "-C", repo.root] + today, environment: broken)
        #expect(dies.status == 2)
        #expect(dies.stderr == "htl: git cat-file failed: fatal: broken\n")
        // A plain check too: git failing is said, not taken for "nothing committed".
        let plainDies = try HTLBinary.run(["check", "-C", repo.root] + today, environment: broken)
        #expect(plainDies.status == 2)
        #expect(plainDies.stderr == "htl: git cat-file failed: fatal: broken\n")

        var noGit = TemporaryGitRepository.environment
        noGit["PATH"] = "/nonexistent"
        let missing = try HTLBinary.run(["check", "--staged", "-C", repo.root] + today, environment: noGit)
        #expect(missing.status == 2)
        #expect(missing.stderr == "htl: git is not installed (or not on PATH); it is needed for this command\n")
    }
}
