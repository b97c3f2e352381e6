import Foundation
import HTLTestSupport
import Testing

/// Two clones append to the same log and pull: `htl merge-log`, registered
/// by `htl hook install`, merges what both appended; a rewritten committed
/// line is left to git's conflict and named.
@Suite struct MergeLogTests {
    let today = ["--today", "2026-11-22"]

    /// A repository of the sample ledger with the driver registered and
    /// committed, and a clone of it with the driver registered there too.
    func twoClones() throws -> (origin: TemporaryGitRepository, clone: String, folder: TemporaryLedger) {
        let origin = try TemporaryGitRepository(SampleLedger.files)
        let install = try origin.htl(["hook", "install"])
        #expect(
            install.stdout.hasPrefix(
                "registered htl merge-log for log/**/*.log (git config merge.htl-log; .gitattributes written)\n"))
        #expect(try origin.read(".gitattributes").hasSuffix("\nlog/**/*.log merge=htl-log\n"))
        try origin.commitAll("start")
        let folder = try TemporaryLedger([:], prefix: "htl-clone")
        let clone = folder.root + "/clone"
        _ = try Command.run(
            "git", ["clone", "-q", origin.root, clone], environment: TemporaryGitRepository.environment)
        #expect(
            try HTLBinary.run(["hook", "install"], in: clone, environment: TemporaryGitRepository.environment).status
                == 0)
        return (origin, clone, folder)
    }

    func git(_ arguments: [String], in folder: String) throws -> HTLBinary.Result {
        try Command.run("git", arguments, in: folder, environment: TemporaryGitRepository.environment)
    }

    func htl(_ arguments: [String], in folder: String) throws -> HTLBinary.Result {
        try HTLBinary.run(arguments + today, in: folder, environment: TemporaryGitRepository.environment)
    }

    @Test func appendsOnBothSidesMergeCleanly() throws {
        let (origin, clone, folder) = try twoClones()
        defer {
            origin.remove()
            folder.remove()
        }
        #expect(try htl(["log", "Laptop run 5km +run"], in: origin.root).status == 0)
        try origin.commitAll("laptop")
        #expect(try htl(["log", "Phone run 4km +run"], in: clone).status == 0)
        #expect(try htl(["log", "--time", "07:00", "Phone swim 1session"], in: clone).status == 0)
        #expect(try git(["commit", "-qam", "phone"], in: clone).status == 0)

        let pulled = try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: clone)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(
            try String(contentsOfFile: clone + "/log/2026.log", encoding: .utf8)
                == "2026-11-03 Run 5km +run\n2026-11-22 Laptop run 5km +run\n2026-11-22 Phone run 4km +run\n"
                + "2026-11-22 07:00 Phone swim 1session\n")
        #expect(try htl(["check"], in: clone).status == 0)
        // 5 km before, 5 km on the laptop, 4 km on the phone.
        #expect(try htl(["progress", "run"], in: clone).stdout.contains("14 / 100 km"))
    }

    @Test func aRewrittenCommittedLineIsLeftToGitAndNamed() throws {
        let (origin, clone, folder) = try twoClones()
        defer {
            origin.remove()
            folder.remove()
        }
        try origin.write("log/2026.log", "2026-11-03 Run 6km +run\n")
        try origin.git("commit", "-qam", "rewrite", "--no-verify")
        #expect(try htl(["log", "Phone run 4km +run"], in: clone).status == 0)
        #expect(try git(["commit", "-qam", "phone"], in: clone).status == 0)

        let pulled = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: clone)
        #expect(pulled.status != 0)
        #expect(
            pulled.stderr.contains(
                "htl merge-log: log/2026.log: line 1 was committed as '2026-11-03 Run 5km +run' and theirs changed it "
                    + "to '2026-11-03 Run 6km +run'; a log only grows, so htl does not merge it: git's text merge, "
                    + "with its conflict markers, is in the file"), "\(pulled.stderr)")
        #expect(try git(["status", "--porcelain"], in: clone).stdout == "UU log/2026.log\n")
        #expect(try String(contentsOfFile: clone + "/log/2026.log", encoding: .utf8).contains("<<<<<<< ours\n"))
    }
}
