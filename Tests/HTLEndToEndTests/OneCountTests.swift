import Foundation
import HTLTestSupport
import Testing

/// FORMAT.md §7 (revision 3): one count of actions. A ledger in git with
/// a positive and a negative correction and two lines to come gives the
/// same numbers in status, progress, diff, review, export and the HTML
/// report, each naming the corrections and lines to come it also lists.
@Suite struct OneCountTests {
    static let today = ["--today", "2026-11-22"]
    static let goals = [
        "goals/run.md": """
        ---
        title: Run 100 km
        start: 2026-11-02
        target: 2027-01-10
        term: 1
        targets:
          km: 100
        cadence:
          actions: 2/week
        values:
          health: 8
        tags: [running]
        ---
        ## Action plan
        - Run.

        """,
        "goals/read.md": """
        ---
        title: Read 10 sessions
        start: 2026-11-02
        target: 2027-01-10
        term: 1
        targets:
          sessions: 10
        values:
          health: 5
        ---
        ## Action plan
        - Read.

        """,
    ]
    /// run: 3 actions (one through its tag), 2 corrections, 1 to come;
    /// read: 1 action, 1 to come. The ledger: 4 · 2 · 2.
    static let lines = """
        2026-11-03 Run 5km +run
        2026-11-05 Run 6km #running
        2026-11-06 Watch lost a km 1km +run #correction
        2026-11-07 Double-counted loop -0.5km +run
        2026-11-10 Run 7km +run
        2026-11-12 Read 1session +read
        2026-11-25 Run 8km +run
        2026-11-30 Read 1session +read

        """

    @Test func everyViewCountsTheSameActions() throws {
        let repo = try TemporaryGitRepository(
            SampleLedger.with(Self.goals.merging(["log/2026.log": "# 2026\n"]) { _, b in b }))
        defer { repo.remove() }
        try repo.commitAll("the ledger")
        try repo.write("log/2026.log", "# 2026\n" + Self.lines)
        try repo.commitAll("a month of actions")

        let status = try json(repo, ["status", "--json"])
        #expect(counts(status, "run") == [3, 2, 1])
        #expect(counts(status, "read") == [1, 0, 1])
        let export = try json(repo, ["export", "--json"])
        #expect(counts(export, "run") == [3, 2, 1])
        #expect(counts(export, "read") == [1, 0, 1])

        let progress = try repo.htl(["progress", "run"] + Self.today).stdout
        #expect(progress.contains("\nActions (3 actions · 2 corrections · 1 to come)\n"), "\(progress)")
        // The positive correction adds its km but keeps no week: 2 runs in
        // the first week, 1 in the second.
        #expect(progress.contains("  18.5 / 100 km\n"), "\(progress)")
        #expect(progress.contains("  rhythm slipping: missed last week (1 of 2)\n"), "\(progress)")

        let diff = try repo.htl(["diff", "HEAD~1", "HEAD"] + Self.today).stdout
        #expect(diff.hasSuffix("\n4 actions · 2 corrections · 2 to come added\n"), "\(diff)")
        let diffJSON = try json(repo, ["diff", "HEAD~1", "HEAD", "--json"])
        #expect(diffJSON["actions_added"] as? Int == 4)
        #expect(diffJSON["corrections_added"] as? Int == 2)
        #expect(diffJSON["to_come_added"] as? Int == 2)

        let review = try repo.htl(["review", "--term"] + Self.today).stdout
        #expect(review.contains("Mon 2 Nov 2026 to Sun 22 Nov 2026 · 4 counted actions\n"), "\(review)")
        #expect(try json(repo, ["review", "--term", "--json"])["actions"] as? Int == 4)

        #expect(try repo.htl(["report", "-o", "report.html"] + Self.today).status == 0)
        let html = try repo.read("report.html")
        for shown in [
            "<span>3 actions · 2 corrections · 1 to come</span>",
            "<span>1 action · 1 to come</span>",
            "<span class=\"count\">4 actions · 2 corrections · 2 to come · newest first</span>",
            "<p class=\"facts\">4 actions on 4 days of the last 91</p>",
            "Actions toward Run 100 km: 3 actions on 3 days of 21 in its window</title>",
        ] {
            #expect(html.contains(shown), "\(shown)")
        }
    }

    private func json(_ repo: TemporaryGitRepository, _ arguments: [String]) throws -> [String: Any] {
        let result = try repo.htl(arguments + Self.today)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// A goal's `counts` as [actions, corrections, to_come].
    private func counts(_ object: [String: Any], _ id: String) -> [Int] {
        let goals = object["goals"] as? [[String: Any]] ?? []
        let counts = goals.first { $0["id"] as? String == id }?["counts"] as? [String: Int] ?? [:]
        return [counts["actions"], counts["corrections"], counts["to_come"]].map { $0 ?? -1 }
    }
}
