import Foundation
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCore
@testable import HTLEdit
@testable import HTLFormat
@testable import HTLLoad
@testable import HTLModel
@testable import HTLSystem

/// A goal's fields set from a form: only what changed is rewritten, the
/// file ends canonical, every comment stays, and a file saved meanwhile is
/// never overwritten.
@Suite struct GoalEditTests {
    static let commented = """
        ---
        title: Run 100 km
        # how much it matters
        importance: 8  # was 7 in spring
        urgency: 5
        start: 2026-11-02
        targets:  # the term's distance
          # a stretch, honestly
          km: 100  # 10 a week
          # dropped in week 3
          hours: 12  # time on feet
        values:
          health: 9
        ---
        Body text stays.

        """

    static func file(_ text: String) -> SourceFile { SourceFile(path: "goals/run.md", text: text) }

    static func set(_ changes: [(key: String, value: FrontMatterEdit.Value?)], in text: String) throws -> String {
        String(decoding: try FrontMatterEdit.setting(changes, in: file(text)), as: UTF8.self)
    }

    @Test func aChangedFieldIsRewrittenAndEveryCommentStays() throws {
        let edited = try Self.set(
            [
                ("importance", .scalar("9")), ("urgency", nil),
                ("targets", .mapping([FrontMatterEdit.Pair("km", "120"), FrontMatterEdit.Pair("sessions", "30")])),
            ], in: Self.commented)
        // The comments of the removed `hours` entry go above `targets`; km keeps its own.
        #expect(
            edited == """
                ---
                title: Run 100 km
                # how much it matters
                importance: 9 # was 7 in spring
                start: 2026-11-02
                # dropped in week 3
                # time on feet
                targets: # the term's distance
                  # a stretch, honestly
                  km: 120 # 10 a week
                  sessions: 30
                values:
                  health: 9
                ---
                Body text stays.

                """)
    }

    @Test func aRemovedFieldLeavesItsCommentsAsLines() throws {
        let edited = try Self.set([("targets", nil), ("importance", nil)], in: Self.commented)
        #expect(
            edited == """
                ---
                title: Run 100 km
                # how much it matters
                # was 7 in spring
                urgency: 5
                start: 2026-11-02
                # the term's distance
                # a stretch, honestly
                # 10 a week
                # dropped in week 3
                # time on feet
                values:
                  health: 9
                ---
                Body text stays.

                """)
    }

    @Test func aNewFieldTakesItsPlaceInTheSchemasOrder() throws {
        let edited = try Self.set(
            [("target", .scalar("2027-01-10")), ("cadence", .mapping([FrontMatterEdit.Pair("actions", "<=1/week")]))],
            in: "---\ntitle: Fewer takeaways\nvalues:\n  health: 6\n---\n")
        #expect(
            edited
                == "---\ntitle: Fewer takeaways\ntarget: 2027-01-10\nvalues:\n  health: 6\ncadence:\n  actions: <=1/week\n---\n"
        )
    }

    /// The same values give the same bytes: nothing is reformatted that the form did not change.
    @Test func anUnchangedFormChangesNoByte() throws {
        let folder = Paths.root.appendingPathComponent("goals-example/goals").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names.count >= 9)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let fields = GoalEdit.fields(of: bytes)
            // Every field, as written, as a change: none differs.
            var every = fields
            for key in GoalFields.textKeys { every.texts[key] = "" }
            for key in GoalFields.mappingKeys { every.mappings[key] = [] }
            let changes = try GoalEdit.changes(fields, shown: every)
            let same = try FrontMatterEdit.setting(changes, in: SourceFile(path: "goals/" + name, bytes: bytes))
            #expect(same == bytes, "\(name)")
        }
        let unformatted = "---\ntitle:   Run\nimportance: 8  # note\n---\n"
        #expect(try Self.set([("importance", .scalar("8"))], in: unformatted) == unformatted)
    }

    /// What the form cannot show is never taken out by sending it back empty.
    @Test func aValueOfAnotherShapeIsOnlyReplaced() throws {
        let odd = "---\ntitle: Odd\nstatus: [done]\ntargets: 5\n---\n"
        #expect(try Self.set([("status", nil)], in: odd) == odd)
        let fields = GoalEdit.fields(of: Array(odd.utf8))
        #expect(fields.text("status") == "" && fields.entries("targets").isEmpty)
        // Such a file is not written in canonical form: the checker's errors say why.
        #expect(throws: HTLError.self) { try Self.set([("status", .scalar("done"))], in: odd) }
    }

    @Test func aKeyIsOneLineAndQuotedWhereYAMLNeedsIt() throws {
        for key in ["", "x\ny", "tab\there"] {
            #expect(throws: HTLError.self, "\(key)") {
                try Self.set([("targets", .mapping([FrontMatterEdit.Pair(key, "1")]))], in: Self.commented)
            }
        }
        // A key YAML would read otherwise is quoted, as htl fmt writes it.
        #expect(
            try Self.set([("values", .mapping([.init("yes", "5"), .init("2027", "3")]))], in: "---\ntitle: T\n---\n")
                == "---\ntitle: T\nvalues:\n  \"yes\": 5\n  \"2027\": 3\n---\n")
        #expect(
            throws: HTLError(
                "'cadence' has the key '3 km', which is not a measure: a measure id or alias (lowercase letters, digits and '_', starting with a letter) or 'actions'"
            )
        ) {
            var fields = GoalFields()
            fields.mappings["cadence"] = [GoalFields.Entry("3 km", "2/week")]
            _ = try GoalEdit.changes(fields, shown: GoalFields())
        }
        #expect(throws: HTLError("a goal needs a title")) {
            var fields = GoalFields()
            fields.texts["title"] = " \n "
            var shown = GoalFields()
            shown.texts["title"] = "Run"
            _ = try GoalEdit.changes(fields, shown: shown)
        }
    }

    /// A text with line breaks or control characters is one line of the front matter, quoted where YAML needs it.
    @Test func aTitleIsOneLine() throws {
        var fields = GoalFields()
        fields.texts["title"] = "Run: 100\r\nkm\u{7} #fast"
        let edited = try Self.set(try GoalEdit.changes(fields, shown: GoalFields()), in: "---\ntitle: Run\n---\n")
        #expect(edited == "---\ntitle: \"Run: 100 km #fast\"\n---\n")
    }

    /// Under the writer lock, against the ledger: a stale version writes nothing; findings write nothing.
    @Test func aStaleFormOrAnErrorWritesNothing() throws {
        let ledger = try TemporaryLedger(SampleLedger.files.merging(["goals/run.md": Self.commented]) { $1 })
        defer { ledger.remove() }
        let request = LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today)
        let path = ledger.root + "/goals/run.md"
        let drawn = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields = GoalEdit.fields(of: drawn)
        fields.texts["importance"] = "11"
        let refused = try GoalEdit.apply(
            fields, goal: "run", version: ContentVersion.of(drawn), ledger: request, waiting: WriterLock.Waiting())
        #expect(!refused.written)
        #expect(refused.diagnostics.map(\.message) == ["importance must be an integer from 1 to 10, found 11"])
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == drawn)

        let saved = Self.commented.replacingOccurrences(of: "title: Run 100 km", with: "title: Run 100 km, slowly")
        try saved.write(toFile: path, atomically: true, encoding: .utf8)
        fields.texts["importance"] = "9"
        #expect {
            _ = try GoalEdit.apply(
                fields, goal: "run", version: ContentVersion.of(drawn), ledger: request, waiting: WriterLock.Waiting())
        } throws: { error in
            guard let conflict = error as? GoalEdit.Conflict else { return false }
            return conflict.current.text("title") == "Run 100 km, slowly"
                && conflict.message.hasPrefix("goals/run.md changed on disk since this form was drawn")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == saved)
    }

    /// Random edits of every goal of goals-example and of a commented goal:
    /// each set field reads back as set, every comment stays, a changed file
    /// is canonical, and setting the same fields again changes no byte.
    @Test func randomEditsKeepEveryComment() throws {
        let folder = Paths.root.appendingPathComponent("goals-example/goals").path
        let flow =
            "---\n# first\ntitle: \"Quoted\"  # t\nvalues: {health: 9}  # flow\ncadence:\n  # weekly\n  actions: 3/week\n\n"
            + "# last words\n---\n- [ ] a task\n"
        var texts = [Self.commented, flow]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".md") {
            texts.append(try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
        }
        var random = SeededGenerator(seed: 53)
        let choices: [(key: String, values: [FrontMatterEdit.Value?])] = [
            ("title", [.scalar("Run: far"), .scalar("Read #4 books"), .scalar("Plain title")]),
            ("importance", [.scalar("3"), .scalar("10"), nil]),
            ("urgency", [.scalar("7"), nil]),
            ("target", [.scalar("2027-02-28"), nil]),
            ("status", [.scalar("done"), .scalar("dropped"), nil]),
            ("targets", [.mapping([.init("km", "42.195")]), .mapping([.init("hours", "30"), .init("km", "5")]), nil]),
            ("cadence", [.mapping([.init("actions", "<=1/week")]), nil]),
            ("values", [.mapping([.init("health", "9"), .init("family", "2")]), nil]),
        ]
        for (n, text) in texts.enumerated() {
            for round in 0..<20 {
                let changes = choices.filter { _ in Bool.random(using: &random) }.map { choice in
                    (key: choice.key, value: choice.values.randomElement(using: &random)!)
                }
                let file = SourceFile(path: "goals/g.md", text: text)
                let edited = try FrontMatterEdit.setting(changes, in: file)
                let fields = FrontMatterEdit.fields(of: edited)!
                for change in changes {
                    #expect(fields[change.key] == change.value, "file \(n) round \(round): \(change.key)")
                }
                #expect(FrontMatterEdit.comments(of: edited) == FrontMatterEdit.comments(of: file.bytes))
                // A file is reformatted only when a field changed.
                if edited != file.bytes {
                    #expect(Formatter.canonical(SourceFile(path: "goals/g.md", bytes: edited)) == edited)
                }
                let again = try FrontMatterEdit.setting(changes, in: SourceFile(path: "goals/g.md", bytes: edited))
                #expect(again == edited, "file \(n) round \(round)")
            }
        }
    }

    /// What the form shows and a browser sends back unchanged is no change:
    /// a folded title keeps its value (its line break too) while only the urgency is written.
    @Test func aFieldSentBackAsShownIsNotRewritten() throws {
        let folded = "---\ntitle: >\n  Save for a\n  new bike\nimportance: 8\nstart: 2026-11-02\n---\nBody\n"
        let ledger = try TemporaryLedger(SampleLedger.files.merging(["goals/run.md": folded]) { $1 })
        defer { ledger.remove() }
        let request = LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today)
        var fields = GoalEdit.fields(of: Array(folded.utf8))
        #expect(fields.text("title") == "Save for a new bike")
        fields.texts["urgency"] = "4"
        let saved = try GoalEdit.apply(
            fields, goal: "run", version: ContentVersion.of(Array(folded.utf8)), ledger: request,
            waiting: WriterLock.Waiting())
        #expect(saved.written && saved.changed == ["urgency"])
        // Its value is kept; its form is fmt's, as the whole file's is.
        #expect(
            try ledger.read("goals/run.md")
                == "---\ntitle: \"Save for a new bike\\n\"\nimportance: 8\nurgency: 4\nstart: 2026-11-02\n---\nBody\n")
    }

    /// The result must have no error, including one the file already had
    /// (the form shows it, to fix); a value id YAML reads otherwise stays quoted.
    @Test func theResultHasNoErrorAndOddKeysStayQuoted() throws {
        let goal = "---\ntitle: Run\nstart: 2026-11-02\nvalues:\n  health: 0\n  \"yes\": 5\n---\n"
        let files = SampleLedger.files.merging([
            "goals/run.md": goal, "values/yes.md": "---\ntitle: Yes\n---\nSay it.\n",
        ]) { $1 }
        let ledger = try TemporaryLedger(files)
        defer { ledger.remove() }
        let request = LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today)
        var fields = GoalEdit.fields(of: Array(goal.utf8))
        fields.texts["importance"] = "3"
        let version = ContentVersion.of(Array(goal.utf8))
        let refused = try GoalEdit.apply(
            fields, goal: "run", version: version, ledger: request, waiting: WriterLock.Waiting())
        #expect(!refused.written)
        #expect(
            refused.diagnostics.filter(\.isError).map(\.message) == [
                "alignment with health must be an integer from 1 to 10, found 0"
            ])
        fields.mappings["values"] = [GoalFields.Entry("health", "6"), GoalFields.Entry("yes", "5")]
        let saved = try GoalEdit.apply(
            fields, goal: "run", version: version, ledger: request, waiting: WriterLock.Waiting())
        #expect(saved.written)
        #expect(
            try ledger.read("goals/run.md")
                == "---\ntitle: Run\nimportance: 3\nstart: 2026-11-02\nvalues:\n  health: 6\n  \"yes\": 5\n---\n")
    }
}
