import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// `htl import` and `htl export --format csv` through the binary, on
/// hand-written files in the Ten Week Goal app's export shapes
/// (Fixtures/tenweek) and a fitness app's CSV with a rules file
/// (Fixtures/csv-rules).
@Suite struct ImportExportTests {
    /// Central European time with its summer time, spelled out so that no
    /// time zone database is needed: the exports' UTC times become these local days.
    static let europe = ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]
    static let today = ["--today", "2026-11-24"]

    static func exports(_ shape: String) -> [String] {
        ["values", "terms", "goals", "actions"].map { Paths.fixture("tenweek/\(shape)/\($0)_export.\(shape)") }
    }

    static func emptyLedger() throws -> TemporaryLedger {
        try TemporaryLedger(["htl.yaml": "htl: 1\n"], prefix: "htl-import")
    }

    /// A copy of goals-example's ledger files.
    static func exampleCopy() throws -> TemporaryLedger {
        let ledger = try TemporaryLedger([:], prefix: "htl-import")
        for file in try LedgerDirectory.readFiles(root: Paths.root.appendingPathComponent("goals-example").path) {
            try ledger.write(file.path, Data(file.bytes))
        }
        return ledger
    }

    /// Every file of a ledger, in path order, as one text.
    static func tree(_ ledger: TemporaryLedger) throws -> String {
        try ledger.sourceFiles().map { "==> \($0.path)\n" + String(decoding: $0.bytes, as: UTF8.self) }.joined(
            separator: "\n")
    }

    static func htl(_ arguments: [String], in ledger: TemporaryLedger) throws -> HTLBinary.Result {
        try HTLBinary.run(arguments + ["-C", ledger.root] + today, environment: europe)
    }

    @Test func theAppsJSONExportBecomesALedgerThatChecksCleanWithHandComputedProgress() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let result = try Self.htl(["import", "tenweek"] + Self.exports("json"), in: ledger)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                create goals/declutter-the-flat.md
                create goals/practise-guitar-for-20-hours.md
                create goals/run-100-km.md
                create terms/term-7.md
                create values/craft.md
                create values/health.md
                add 3 measures to measures.yaml
                append 6 actions to log/2026.log

                """)
        Golden.check(try Self.tree(ledger), against: "Tests/Golden/import/tenweek-ledger.txt")

        let check = try Self.htl(["check"], in: ledger)
        #expect(check.status == 0)
        #expect(check.stderr.hasSuffix("0 errors, 3 warnings in 9 files\n"), "\(check.stderr)")

        // Run: 5.8 + 4 + 5 km of 100. Guitar: 90 + 60 + 30 minutes = 3 of 20 hours
        // (the last is 23:30 UTC on the 23rd, 00:30 on the 24th here: today).
        let status = try Self.htl(["status", "--json"], in: ledger)
        let goals =
            try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])["goals"]
            as? [[String: Any]]
        let byID = Dictionary(uniqueKeysWithValues: try #require(goals).map { ($0["id"] as! String, $0) })
        #expect(byID["run-100-km"]?["progress"] as? Double == 0.148)
        #expect(byID["practise-guitar-for-20-hours"]?["progress"] as? Double == 0.15)
        let guitar = try #require(byID["practise-guitar-for-20-hours"]?["targets"] as? [[String: Any]])
        #expect(guitar.first?["actual"] as? Double == 3)
        #expect(byID["declutter-the-flat"]?["terms"] as? [Int] == [])
        #expect(byID["run-100-km"]?["terms"] as? [Int] == [7])
    }

    /// `htl init --empty` then the app's export: no example value, term or
    /// goal beside the app's (a plain `htl init` gave `values/health-2.md`
    /// and a term-overlap warning against its example term).
    @Test func anEmptyNewLedgerTakesTheAppsExportWithoutCollisions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try HTLBinary.run(["init", folder, "--empty"] + Self.today)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout == """
                Created an empty ledger in \(folder):
                  htl.yaml
                  measures.yaml
                  .gitignore
                  .gitattributes
                Next:
                  htl import -C \(folder) tenweek values_export.json terms_export.json goals_export.json actions_export.json
                  htl new -C \(folder) goal piano-20h

                """)
        #expect(try HTLBinary.run(["check", "-C", folder] + Self.today).stderr == "no errors or warnings in 2 files\n")
        let imported = try HTLBinary.run(
            ["import", "tenweek"] + Self.exports("json") + ["-C", folder] + Self.today, environment: Self.europe)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout == """
                create goals/declutter-the-flat.md
                create goals/practise-guitar-for-20-hours.md
                create goals/run-100-km.md
                create terms/term-7.md
                create values/craft.md
                create values/health.md
                append 6 actions to log/2026.log

                """)
        #expect(!imported.stderr.contains("term-overlap"), "\(imported.stderr)")
        let files = try LedgerDirectory.readFiles(root: folder).map(\.path)
        #expect(
            files == [
                "goals/declutter-the-flat.md", "goals/practise-guitar-for-20-hours.md", "goals/run-100-km.md",
                "htl.yaml", "log/2026.log", "measures.yaml", "terms/term-7.md", "values/craft.md", "values/health.md",
            ])
        let check = try HTLBinary.run(["check", "-C", folder] + Self.today)
        #expect(check.stderr.hasSuffix("0 errors, 3 warnings in 9 files\n"), "\(check.stderr)")
    }

    @Test func theCSVExportOfTheSameDataGivesTheSameLedger() throws {
        let fromJSON = try Self.emptyLedger()
        let fromCSV = try Self.emptyLedger()
        defer {
            fromJSON.remove()
            fromCSV.remove()
        }
        #expect(try Self.htl(["import", "tenweek"] + Self.exports("json"), in: fromJSON).status == 0)
        let result = try Self.htl(["import", "tenweek"] + Self.exports("csv"), in: fromCSV)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.tree(fromCSV) == Self.tree(fromJSON))
    }

    @Test func importingAgainAddsNothingEvenFileByFile() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        #expect(try Self.htl(["import", "tenweek"] + Self.exports("json"), in: ledger).status == 0)
        let before = try Self.tree(ledger)
        let again = try Self.htl(["import", "tenweek"] + Self.exports("csv"), in: ledger)
        #expect(again.status == 0)
        #expect(again.stdout == "skipped 12 records imported before\n")
        let actionsOnly = try Self.htl(["import", "tenweek", Self.exports("json")[3]], in: ledger)
        #expect(actionsOnly.stdout == "skipped 6 records imported before\n")
        #expect(try Self.tree(ledger) == before)
    }

    @Test func actionsCanComeLaterThanTheGoalsTheyServe() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let exports = Self.exports("json")
        #expect(try Self.htl(["import", "tenweek"] + exports.prefix(3), in: ledger).status == 0)
        // The hours target brings minutes with it, and the conversion between them.
        #expect(
            try ledger.read("measures.yaml").contains(
                "hours:\n  title: Hours\n  type: time\n  aliases: [hour, h, hr, hrs]\n  equals: 60 min\nmin:\n"))
        let actions = try Self.htl(["import", "tenweek", exports[3]], in: ledger)
        #expect(actions.status == 0, "\(actions.stderr)")
        #expect(actions.stdout == "append 6 actions to log/2026.log\n")  // minutes came with hours
        #expect(
            try ledger.read("log/2026.log").contains(
                "2026-11-22 10:00 Ran to the guitar lesson 4km 60min +run-100-km +practise-guitar-for-20-hours\n"))
    }

    /// A term imported earlier still commits the goals its list names when
    /// its file comes again with them (the app exports everything each time).
    @Test func goalsJoinATermImportedBefore() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let exports = Self.exports("json")
        #expect(try Self.htl(["import", "tenweek", exports[0], exports[1]], in: ledger).status == 0)
        let goals = try Self.htl(["import", "tenweek", exports[1], exports[2]], in: ledger)
        #expect(goals.status == 0, "\(goals.stderr)")
        #expect(goals.stdout.hasSuffix("skipped 1 record imported before\n"), "\(goals.stdout)")
        #expect(try ledger.read("goals/run-100-km.md").contains("\nterm: 7\n"))
        #expect(try !ledger.read("goals/declutter-the-flat.md").contains("term:"))
    }

    /// measures.yaml is only ever added to, and never while it has errors:
    /// text htl cannot read stays as the user wrote it.
    @Test func aMeasuresFileHtlCannotReadIsNeverReplaced() throws {
        let broken = "# my units\nkm: [distance\n"
        let ledger = try TemporaryLedger(["htl.yaml": "htl: 1\n", "measures.yaml": broken], prefix: "htl-import")
        defer { ledger.remove() }
        let result = try Self.htl(["import", "tenweek"] + Self.exports("json"), in: ledger)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: measures.yaml: has errors (run htl check); fix them first: the import adds the measures "
                + "km, hours, min\nnothing written\n"
        )
        #expect(try ledger.read("measures.yaml") == broken)

        let empty = try TemporaryLedger(
            ["htl.yaml": "htl: 1\n", "measures.yaml": "# my units\n{}\n"], prefix: "htl-import")
        defer { empty.remove() }
        #expect(try Self.htl(["import", "tenweek"] + Self.exports("json"), in: empty).status == 0)
        #expect(try empty.read("measures.yaml").hasPrefix("# my units\nkm:\n  title: Distance\n"))
    }

    @Test func aDryRunPrintsEverythingAndWritesNothing() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let result = try Self.htl(["import", "tenweek", "--dry-run"] + Self.exports("json"), in: ledger)
        #expect(result.status == 0)
        Golden.check(result.stdout, against: "Tests/Golden/import/tenweek-dry-run.txt")
        #expect(try ledger.sourceFiles().map(\.path) == ["htl.yaml"])
    }

    @Test func anActionForAGoalNobodyImportedStopsEverything() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let result = try Self.htl(["import", "tenweek", Self.exports("json")[0], Self.exports("json")[3]], in: ledger)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "actions_export.json item 1: the action contributes to goal C0000000-0000-4000-8000-000000000001, "
                    + "which is neither in this import nor in the ledger (import goals_export too)"
            ))
        #expect(result.stderr.hasSuffix("nothing written\n"))
        #expect(try ledger.sourceFiles().map(\.path) == ["htl.yaml"])
    }

    @Test func whatTheCheckerRejectsIsNeverWritten() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let goals = """
            [{"id": "G1", "title": "Too important", "expectationImportance": 11, "expectationUrgency": 5,
              "measureTargets": [], "alignedValueIds": []}]
            """
        try ledger.write("in/goals_export.json", goals)
        let result = try Self.htl(["import", "tenweek", ledger.root + "/in/goals_export.json"], in: ledger)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                \(ledger.root)/in/goals_export.json item 1: error: importance must be an integer from 1 to 10, found \
                11 [invalid-value]
                  | importance: 11
                  |             ^
                  = note: would be goals/too-important.md:3:13
                nothing written

                """, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ledger.root + "/goals/too-important.md"))
    }

    /// An error the new files cause in a file already there counts too:
    /// goals-example has a term 7 of its own.
    @Test func aTermNumberTheLedgerUsesStopsTheImport() throws {
        let ledger = try Self.exampleCopy()
        defer { ledger.remove() }
        let before = try Self.tree(ledger)
        let result = try Self.htl(["import", "tenweek"] + Self.exports("json"), in: ledger)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "terms/term-7.md:2:9: error: term number 7 is also used by terms/term-7-2.md [duplicate-id]"),
            "\(result.stderr)")
        #expect(result.stderr.hasSuffix("nothing written\n"))
        #expect(try Self.tree(ledger) == before)
    }

    @Test func malformedExportsAreClearErrors() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        try ledger.write("in/a.json", "[{\"id\": \"x\", \"title\": ")
        try ledger.write("in/b.csv", "Name,Date\nx,y\n")
        try ledger.write(
            "in/actions_export.csv",
            "ID,Title,Description,Notes,LogTime,Duration(min),StartTime,Measurements,ContributingGoals\nA1,Run,,,\"2026-11-20T07:00:00Z,,,[],\n"
        )
        let json = try Self.htl(["import", "tenweek", ledger.root + "/in/a.json"], in: ledger)
        #expect(json.status == 2)
        #expect(json.stderr.contains("a.json:1: not a JSON export: unexpected end of input"), "\(json.stderr)")
        let csv = try Self.htl(["import", "tenweek", ledger.root + "/in/b.csv"], in: ledger)
        #expect(csv.status == 2)
        #expect(csv.stderr.contains("b.csv:1: not a CSV export of the Ten Week Goal app"))
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: ledger.root + "/in/a.json"))
        try huge.truncate(atOffset: 64 * 1_048_576 + 1)
        try huge.close()
        let big = try Self.htl(["import", "tenweek", ledger.root + "/in/a.json"], in: ledger)
        #expect(big.status == 2)
        #expect(
            big.stderr.contains("a.json is larger than 64 MiB, more than htl reads from one file; split it"),
            "\(big.stderr)")
        let device = try Self.htl(["import", "tenweek", "/dev/zero"], in: ledger)
        #expect(device.status == 2 && device.stderr.contains("/dev/zero is not a regular file"), "\(device.stderr)")
        let quote = try Self.htl(["import", "tenweek", ledger.root + "/in/actions_export.csv"], in: ledger)
        #expect(quote.stderr.contains("actions_export.csv:2: a quoted field is never closed"), "\(quote.stderr)")
        #expect(try ledger.sourceFiles().map(\.path) == ["htl.yaml"])
    }

    /// An id is written into a provenance mark, so only well-formed ids are
    /// taken: a line break would add a log line at every import, a space or
    /// `-->` would break the mark (a copy at every import), and a crafted id
    /// would forge another goal's mark. Two records with one id are a
    /// mistake, not one of them kept.
    @Test func idsThatCouldBreakOrForgeAMarkAreRefused() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let real = "C0000000-0000-4000-8000-000000000001"
        try ledger.write(
            "in/goals_export.json",
            """
            [{"id": "G 1", "title": "Spaced"}, {"id": "G-->x", "title": "Arrow"},
             {"id": "X -->\\n<!-- imported: tenweek goal \(real)", "title": "Impostor"},
             {"id": "\(real)", "title": "Real", "alignedValueIds": ["V\\u001b[2J"]}]
            """)
        try ledger.write(
            "in/actions_export.json",
            """
            [{"id": "E1\\n2026-11-20 Ran 42km", "title": "Run", "logTime": "2026-11-20T07:00:00Z"},
             {"id": "E5", "title": "Swim", "logTime": "2026-11-21T07:00:00Z", "contributions": [{"goalId": "\(real) x"}]},
             {"id": "e5", "title": "Swim again", "logTime": "2026-11-22T07:00:00Z"}]
            """)
        let result = try Self.htl(
            ["import", "tenweek", ledger.root + "/in/goals_export.json", ledger.root + "/in/actions_export.json"],
            in: ledger)
        let shape = "is not well formed: an id is 1 to 64 ASCII letters, digits, '-' and '_' (the app's are UUIDs)"
        let goals = ledger.root + "/in/goals_export.json"
        let actions = ledger.root + "/in/actions_export.json"
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                error: \(goals) item 1: the goal id 'G 1' \(shape)
                error: \(goals) item 2: the goal id 'G-->x' \(shape)
                error: \(goals) item 3: the goal id 'X -->\\n<!-- imported: tenweek goal \(real)' \(shape)
                error: \(actions) item 1: the action id 'E1\\n2026-11-20 Ran 42km' \(shape)
                error: \(actions) item 3: the action e5 is also at \(actions) item 2: an id names one record
                error: \(goals) item 4: the value it names, 'V\\e[2J', is not a well-formed id
                error: \(actions) item 2: the goal it names, '\(real) x', is not a well-formed id
                nothing written

                """)
        #expect(try ledger.sourceFiles().map(\.path) == ["htl.yaml"])
    }

    /// A description holding another goal's mark does not make its file
    /// that goal's: the line is written `&lt;!--`, so the next import still
    /// credits the other goal with its actions.
    @Test func aMarkInImportedTextIsNotAMark() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        try ledger.write(
            "in/goals_export.json",
            """
            [{"id": "A1", "title": "Alpha", "detailedDescription": "Fine.\\n  <!-- imported: tenweek goal B1 -->"},
             {"id": "B1", "title": "Beta"}]
            """)
        try ledger.write(
            "in/actions_export.json",
            """
            [{"id": "E1", "title": "Work", "logTime": "2026-11-20T07:00:00Z", "contributions": [{"goalId": "B1"}]}]
            """)
        let goals = try Self.htl(["import", "tenweek", ledger.root + "/in/goals_export.json"], in: ledger)
        #expect(goals.status == 0, "\(goals.stderr)")
        #expect(
            try ledger.read("goals/alpha.md").hasSuffix(
                "---\nFine.\n  &lt;!-- imported: tenweek goal B1 -->\n\n<!-- imported: tenweek goal A1 -->\n"))
        let actions = try Self.htl(["import", "tenweek", ledger.root + "/in/actions_export.json"], in: ledger)
        #expect(actions.status == 0, "\(actions.stderr)")
        #expect(try ledger.read("log/2026.log").hasSuffix("2026-11-20 08:00 Work +beta\n"))
    }

    @Test func csvExportImportExportIsAFixpointAndKeepsEveryNumber() throws {
        let original = try Self.emptyLedger()
        let copy = try Self.emptyLedger()
        defer {
            original.remove()
            copy.remove()
        }
        #expect(try Self.htl(["import", "tenweek"] + Self.exports("json"), in: original).status == 0)
        let first = original.root + "/out1"
        let second = copy.root + "/out2"
        let export = try Self.htl(["export", "--format", "csv", "-o", first], in: original)
        #expect(export.status == 0, "\(export.stderr)")
        Golden.check(
            try String(contentsOfFile: first + "/goals_export.csv", encoding: .utf8),
            against: "Tests/Golden/import/goals_export.csv")
        let files = ["values", "terms", "goals", "actions"].map { "\(first)/\($0)_export.csv" }
        #expect(try Self.htl(["import", "tenweek"] + files, in: copy).status == 0)
        #expect(try Self.htl(["export", "--format", "csv", "-o", second], in: copy).status == 0)
        for name in ["values", "terms", "goals", "actions"] {
            let a = try String(contentsOfFile: "\(first)/\(name)_export.csv", encoding: .utf8)
            let b = try String(contentsOfFile: "\(second)/\(name)_export.csv", encoding: .utf8)
            #expect(a == b, "\(name)_export.csv differs after a round trip")
        }
        let statusA = try Self.htl(["status", "--json"], in: original).stdout
        let statusB = try Self.htl(["status", "--json"], in: copy).stdout
        #expect(statusA == statusB)
    }

    /// Each goal's state, progress and count of actions, by title (an
    /// import names goals by their titles), from `htl export --json`.
    static func goalFigures(_ ledger: TemporaryLedger) throws -> [String] {
        let export = try Self.htl(["export", "--json"], in: ledger)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let goals = try #require(json["goals"] as? [[String: Any]])
        let actions = try #require(json["actions"] as? [[String: Any]])
        return goals.map { goal in
            let id = goal["id"] as? String ?? ""
            let count = actions.count { ($0["goals"] as? [String] ?? []).contains(id) }
            return "\(goal["title"] ?? ""): \(goal["state"] ?? ""), \(goal["progress"] ?? ""), \(count) actions"
        }.sorted()
    }

    /// An action counted through a #tag the goal lists (inside its window)
    /// contributes to the goal in the CSV as a linked one does: export,
    /// import and the goals keep their actions, numbers and states. (The
    /// tag-counted rows had an empty ContributingGoals: the run came back
    /// with 1 action of 4, 10 % instead of 58 %.)
    @Test func tagCountedActionsKeepTheirGoalsThroughTheCSV() throws {
        let original = try TemporaryLedger(
            [
                "htl.yaml": "htl: 1\n",
                "measures.yaml":
                    "km:\n  title: Distance\n  type: distance\nbooks:\n  title: Books\n  type: count\n  aliases: [book]\n",
                "goals/run-50km.md":
                    "---\ntitle: Run 50 km\nstart: 2026-11-01\ntarget: 2026-12-31\ntargets:\n  km: 50\ntags: [running]\n---\n",
                "goals/read-4-books.md":
                    "---\ntitle: Read 4 books\nstart: 2026-11-01\ntarget: 2026-12-31\ntargets:\n  books: 4\n"
                    + "tags: [reading]\n---\n",
                "log/2026.log": """
                2026-10-30 Run before the goal began 5km #running
                2026-11-02 Easy run 5km +run-50km
                2026-11-05 Tempo run 8km #running
                2026-11-09 Long run 12km #running #outdoors
                2026-11-10 Finished Piranesi 1book +read-4-books #reading
                2026-11-12 Finished Circe 1book #reading
                2026-11-14 Run to the library 4km 1book #running #reading

                """,
            ], prefix: "htl-import")
        let copy = try Self.emptyLedger()
        defer {
            original.remove()
            copy.remove()
        }
        // Run: 5 + 8 + 12 + 4 km of 50 (the run of 30 October is before the goal began);
        // books: 3 of 4, the linked and tagged Piranesi once.
        let expected = ["Read 4 books: near_complete, 0.75, 3 actions", "Run 50 km: on_track, 0.58, 4 actions"]
        #expect(try Self.goalFigures(original) == expected)
        let out = original.root + "/out"
        #expect(try Self.htl(["export", "--format", "csv", "-o", out], in: original).status == 0)
        let rows = try CSV.records(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/actions_export.csv"))))
        let goalsFile = try CSV.records(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/goals_export.csv"))))
        let titleOf = Dictionary(uniqueKeysWithValues: goalsFile.dropFirst().map { ($0[0], $0[1]) })
        #expect(
            rows.dropFirst().map {
                "\($0[1]): " + $0[8].split(separator: ";").map { titleOf[String($0)] ?? "?" }.joined(separator: ", ")
            }
                == [
                    "Run before the goal began: ", "Easy run: Run 50 km", "Tempo run: Run 50 km",
                    "Long run: Run 50 km", "Finished Piranesi: Read 4 books", "Finished Circe: Read 4 books",
                    "Run to the library: Read 4 books, Run 50 km",
                ])
        let files = ["values", "terms", "goals", "actions"].map { "\(out)/\($0)_export.csv" }
        let imported = try Self.htl(["import", "tenweek"] + files, in: copy)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.goalFigures(copy) == expected)
    }

    // MARK: CSV with rules

    static let strava = (
        csv: Paths.fixture("csv-rules/activities.csv"), rules: Paths.fixture("csv-rules/strava.rules.yaml")
    )

    @Test func aFitnessExportIsAppendedByItsRulesOnceOnly() throws {
        let ledger = try Self.exampleCopy()
        defer { ledger.remove() }
        let before = try ledger.read("log/2026.log")
        let result = try Self.htl(["import", "csv", Self.strava.csv, "--rules", Self.strava.rules], in: ledger)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "append 4 actions to log/2026.log\n")
        let imported = """
            # imported from activities.csv
            # imported: csv row BC47CF7E-AB89-80D9-B65B-2BDC0AC20CE1
            2026-11-20 07:10 Morning Run 5.8km 35min +run-100km #strava #running
            # imported: csv row 3C0EF782-F35F-89B4-A8E7-2913170E86C7
            2026-11-21 18:05 Evening Ride 21.4km 60min #strava #cycling
            # imported: csv row A0BE4CF5-9866-89CA-8804-B2DBD743B1EB
            2026-11-22 09:15 "Long run, \\"easy\\" pace" 12km 75min +run-100km #strava #running
            # imported: csv row A663787F-DD00-800F-BE79-003DD55DB50D
            2026-11-23 12:00 Yoga 30min #strava

            """
        #expect(try ledger.read("log/2026.log") == before + imported)
        let again = try Self.htl(["import", "csv", Self.strava.csv, "--rules", Self.strava.rules], in: ledger)
        #expect(again.stdout == "skipped 4 records imported before\n")
        #expect(try Self.htl(["check"], in: ledger).status == 0)
        // An imported line the user edited is still the row it came from.
        let edited =
            before + imported.replacingOccurrences(of: "Yoga 30min #strava", with: "Yoga 30min #strava #stretching")
        try ledger.write("log/2026.log", edited)
        let afterEdit = try Self.htl(["import", "csv", Self.strava.csv, "--rules", Self.strava.rules], in: ledger)
        #expect(afterEdit.stdout == "skipped 4 records imported before\n", "\(afterEdit.stderr)")
        #expect(try ledger.read("log/2026.log") == edited)
    }

    /// A line an older htl imported (no mark) or the user typed is not
    /// written again; a marked line does not stand in for another row.
    @Test func unmarkedLinesTheLogHoldsAreNotWrittenAgain() throws {
        let ledger = try TemporaryLedger(
            [
                "htl.yaml": "htl: 1\n", "measures.yaml": "km:\n  type: distance\n",
                "log/2026.log": "2026-11-20 Run 5km\n# imported: csv row X1\n2026-11-21 Run 5km\n",
            ],
            prefix: "htl-import")
        defer { ledger.remove() }
        try ledger.write("in/runs.csv", "Date,Name,Km\n2026-11-20,Run,5\n2026-11-21,Run,5\n")
        try ledger.write("in/rules.yaml", "date: Date\ndescription: Name\nquantities:\n  km: Km\n")
        let result = try Self.htl(
            ["import", "csv", ledger.root + "/in/runs.csv", "--rules", ledger.root + "/in/rules.yaml"], in: ledger)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "append 1 action to log/2026.log\nskipped 1 record imported before\n")
    }

    /// Rules that read past a row, or a skip that is neither true nor false,
    /// are errors, never a row imported without its quantity or not skipped.
    @Test func aColumnPastTheRowAndASkipThatIsNotTrueOrFalseAreErrors() throws {
        let ledger = try TemporaryLedger(
            ["htl.yaml": "htl: 1\n", "measures.yaml": "km:\n  type: distance\n"], prefix: "htl-import")
        defer { ledger.remove() }
        let csv = ledger.root + "/in/runs.csv"
        try ledger.write("in/runs.csv", "Date,Name,Km\n2026-11-20,Run,5\n2026-11-21,Swim\n")
        func run(_ rules: String) throws -> HTLBinary.Result {
            try ledger.write("in/rules.yaml", rules)
            return try Self.htl(["import", "csv", csv, "--rules", ledger.root + "/in/rules.yaml"], in: ledger)
        }
        for column in ["3", "Km"] {
            let short = try run("date: 1\ndescription: Name\nquantities:\n  km: \(column)\n")
            #expect(short.status == 1)
            let name = column == "3" ? "column 3" : "'Km', column 3"
            #expect(
                short.stderr == "error: \(csv):3: the row has 2 columns; the rules read \(name)\nnothing written\n",
                "\(short.stderr)")
        }
        let past = try run("date: 1\ndescription: 2\nquantities:\n  km: 7\n")
        #expect(past.status == 2)
        #expect(
            past.stderr == "htl: \(csv): the rules read column 7, but the header has 3 columns: date, name, km\n",
            "\(past.stderr)")
        for word in ["yes", "True", "on", "1"] {
            let skip = try run("date: 1\ndescription: 2\nif:\n  - column: Name\n    equals: Swim\n    skip: \(word)\n")
            #expect(skip.status == 2)
            #expect(
                skip.stderr
                    == "htl: \(ledger.root)/in/rules.yaml:6:11: skip takes true or false, not '\(word)' (htl reads "
                    + "yes, on and the like as text)\n",
                "\(skip.stderr)")
        }
        #expect(try ledger.sourceFiles().map(\.path) == ["htl.yaml", "measures.yaml"])
    }

    /// A finding about a line an import would append names the CSV row it
    /// comes from (the log line does not exist yet), shows the line the
    /// rules made, and where it would go; warnings too.
    @Test func findingsAboutImportedLinesNameTheirRow() throws {
        let ledger = try Self.exampleCopy()
        defer { ledger.remove() }
        let rules = try String(contentsOfFile: Self.strava.rules, encoding: .utf8)
        try ledger.write("in/rules.yaml", rules.replacingOccurrences(of: "[run-100km]", with: "[run-100k]"))
        let csv = Self.strava.csv
        let result = try Self.htl(["import", "csv", csv, "--rules", ledger.root + "/in/rules.yaml"], in: ledger)
        #expect(result.status == 1)
        let help =
            "  = help: fix the link; or, if goals/run-100k.md was deleted, restore it with 'status: dropped' "
            + "(committed actions keep their goal)\n"
        #expect(
            result.stderr == """
                \(csv):2: error: unknown goal '+run-100k' (did you mean 'run-100km'?) [unknown-goal]
                  | 2026-11-20 07:10 Morning Run 5.8km 35min +run-100k #strava #running
                  |                                          ^
                  = note: would be log/2026.log:190:42

                """ + help + """
                    \(csv):5: error: unknown goal '+run-100k' (did you mean 'run-100km'?) [unknown-goal]
                      | …-11-22 09:15 "Long run, \\"easy\\" pace" 12km 75min +run-100k #strava #running
                      |                                                    ^
                      = note: would be log/2026.log:194:55

                    """ + help + "nothing written\n", "\(result.stderr)")
        #expect(try Self.tree(ledger) == (try Self.tree(try Self.exampleCopy())))
    }

    /// The same for the app's exports: a finding about a new file or an
    /// appended action names the record it was made from.
    @Test func findingsAboutImportedRecordsNameTheirRecord() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        let result = try HTLBinary.run(
            ["import", "tenweek", "--dry-run"] + Self.exports("json") + ["-C", ledger.root, "--today", "2026-11-21"],
            environment: Self.europe)
        #expect(result.status == 0, "\(result.stderr)")
        let actions = Self.exports("json")[3]
        let goals = Self.exports("json")[2]
        #expect(
            result.stderr.contains(
                """
                \(goals) item 3: warning: goal has no '## Action plan' section [goal-no-plan]
                  = note: would be goals/declutter-the-flat.md:1:1

                """), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                """
                \(actions) item 6: warning: action dated 2026-11-24 is after today (2026-11-21) [future-action]
                """), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                """
                  | 2026-11-24 00:30 Late guitar after the party 30min +practise-guitar-for-20-hours
                  | ^
                  = note: would be log/2026.log:15:1

                """), "\(result.stderr)")
        // No finding is placed in a file that does not hold its text yet.
        #expect(!result.stderr.split(separator: "\n").contains { $0.hasPrefix("log/") || $0.hasPrefix("goals/") })
    }

    @Test func rulesMistakesNameTheirLine() throws {
        let ledger = try Self.emptyLedger()
        defer { ledger.remove() }
        try ledger.write("r/typo.yaml", "date: 2\ndescripton: 3\n")
        try ledger.write("r/column.yaml", "date: When\n")
        try ledger.write("r/row.yaml", "date: 2\ndescription: 3\n")
        let typo = try Self.htl(
            ["import", "csv", Self.strava.csv, "--rules", ledger.root + "/r/typo.yaml"], in: ledger)
        #expect(typo.status == 2)
        #expect(
            typo.stderr.contains("typo.yaml:2:1: unknown key 'descripton' (did you mean 'description'?)"),
            "\(typo.stderr)")
        let column = try Self.htl(
            ["import", "csv", Self.strava.csv, "--rules", ledger.root + "/r/column.yaml"], in: ledger)
        #expect(
            column.stderr.contains("activities.csv: no column 'When'; the header has: activity id, activity date"),
            "\(column.stderr)")
        let row = try Self.htl(["import", "csv", Self.strava.csv, "--rules", ledger.root + "/r/row.yaml"], in: ledger)
        #expect(row.status == 1)
        #expect(
            row.stderr.contains(
                "activities.csv:2: 'Nov 20, 2026, 7:10:00 AM' is not a date (ISO 8601; set date_format for others)"),
            "\(row.stderr)")
        #expect(try ledger.sourceFiles().map(\.path) == ["htl.yaml"])
    }
}
