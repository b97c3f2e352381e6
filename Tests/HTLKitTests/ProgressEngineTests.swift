import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLProgress

@Suite struct ProgressEngineTests {
    let today = SampleLedger.today  // 2026-11-22

    func report(_ changes: [String: String?]) -> (Ledger, ProgressReport) {
        let loaded = SampleLedger.load(SampleLedger.with(changes))
        return (loaded.ledger, ProgressEngine.compute(loaded.ledger, today: today))
    }

    func goal(_ frontMatter: String, body: String = "## Action plan\n") -> String {
        "---\n" + frontMatter + "---\n" + body
    }

    @Test func statesOfTheStatesFixture() throws {
        let loaded = LedgerParser.parse(try LedgerDirectory.readFiles(root: Paths.fixture("states")))
        let report = ProgressEngine.compute(loaded.ledger, today: today)
        let expected: [String: GoalState] = [
            "dropped": .dropped, "completed-by-status": .completed, "completed-by-progress": .completed,
            "overdue": .overdue, "not-started": .notStarted, "near-complete": .nearComplete,
            "behind": .behind, "on-track": .onTrack,
        ]
        #expect(report.goals.count == expected.count)
        for g in report.goals {
            #expect(g.state == expected[g.id], "\(g.id) is \(g.state)")
        }
    }

    /// Export lists the goals an action counts toward in id order, whether
    /// it counts toward a few (sorted in place) or many (sorted as a
    /// list). `g-1` … sort before `g` by path but after it by id.
    @Test func theGoalsAnActionCountsTowardAreInIDOrder() {
        var changes: [String: String?] = ["log/2026.log": "2026-11-10 Run 5km #many\n2026-11-11 Run 3km #few\n"]
        let many = ["g"] + (1...19).map { "g-\($0)" }
        let few = ["h", "h-1", "h-2"]
        for (ids, tag) in [(many, "many"), (few, "few")] {
            for id in ids { changes["goals/\(id).md"] = goal("title: \(id)\nstart: 2026-11-01\ntags: [\(tag)]\n") }
        }
        let (ledger, report) = report(changes)
        let table = report.goalsCountingEveryAction(actionCount: ledger.actions.count)
        let listed = (0..<ledger.actions.count).map { a in table.goals(of: a).map { report.goals[Int($0)].id } }
        #expect(
            listed == [
                many.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                few.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
            ])
        #expect(listed.first?.first == "g")
        #expect(listed.first?.count == 20)
    }

    @Test func linkedActionOutsideTheWindowCountsAndWarns() {
        let files = SampleLedger.with(["log/2026.log": "2026-10-01 Early 4km +run\n2026-11-03 In 5km +run\n"])
        let loaded = SampleLedger.load(files)
        let g = ProgressEngine.compute(loaded.ledger, today: today).goal("run")!
        #expect(g.targets.first?.actual.description == "9")
        let report = Checker.check(loaded, today: today)
        #expect(report.diagnostics.map(\.rule) == [.linkOutsideWindow])
        #expect(report.diagnostics.first?.location == SourceLocation(path: "log/2026.log", line: 1, column: 22))
    }

    /// A tag counts the actions of the window's first and last days and
    /// none of the days just outside it; linked actions are merged in, each
    /// action once (found by binary search at both ends of the tag's run).
    @Test func aTagsWindowIncludesItsFirstAndLastDays() {
        let log = """
            2026-10-31 Before 1km #edge
            2026-11-01 First 1km #edge
            2026-11-02 Linked and tagged 1km #edge +edgy
            2026-11-05 Linked only 1km +edgy
            2026-11-10 Last 1km #edge
            2026-11-11 After 1km #edge

            """
        let (_, r) = report([
            "log/2026.log": log,
            "goals/edgy.md": goal(
                "title: Edgy\nstart: 2026-11-01\ntarget: 2026-11-10\ntargets:\n  km: 100\ntags: [edge]\n"),
        ])
        #expect(r.goal("edgy")?.actionIndices == [1, 2, 3, 4])
        #expect(r.goal("edgy")?.targets.first?.actual.description == "4")
    }

    /// A goal's totals read its linked actions and each tag's run, cut at
    /// today: two tags and links, a correction, an action of two measures,
    /// and actions after today in a tag's run and among the links (which
    /// do not count yet). Then an action carrying both tags counts once.
    @Test func totalsOfTwoTagsAndLinksCountEachActionOnce() {
        let log = """
            2026-11-01 Linked 2km +two
            2026-11-02 First tag 3km 20min #t1
            2026-11-03 Correction -1km #t2
            2026-11-04 First tag again 4km #t1
            2026-11-23 Tomorrow 9km #t2
            2026-11-24 Linked later 7km +two

            """
        let two = goal(
            "title: Two\nstart: 2026-10-30\ntargets:\n  km: 100\n  min: 100\n  actions: 10\ntags: [t1, t2]\n")
        let (_, r) = report(["log/2026.log": log, "goals/two.md": two])
        let g = r.goal("two")!
        #expect(g.actionIndices == [0, 1, 2, 3])
        #expect(g.upcomingActionIndices == [4, 5])
        // km: 2 + 3 - 1 + 4 = 8; min: 20; actions: four counted less one correction.
        #expect(g.targets.map { "\($0.measure) \($0.actual)" } == ["km 8", "min 20", "actions 3"])

        let (_, both) = report(["log/2026.log": log + "2026-11-05 Both tags 5km #t2 #t1\n", "goals/two.md": two])
        #expect(both.goal("two")?.actionIndices == [0, 1, 2, 3, 6])
        #expect(both.goal("two")?.targets.map { "\($0.measure) \($0.actual)" } == ["km 13", "min 20", "actions 4"])
    }

    @Test func taggedActionOutsideTheWindowDoesNotCount() {
        let (_, r) = report([
            "log/2026.log": "2026-10-01 Early 4km #running\n2026-11-03 In 5km #running\n2027-02-01 Late 6km #RUNNING\n"
        ])
        #expect(r.goal("run")?.targets.first?.actual.description == "5")
        #expect(r.goal("run")?.actionIndices == [1])
    }

    /// A goal's actions are told apart by the day each carries in the index:
    /// counted (today or before), upcoming (after today, listed only) and
    /// the last 30 days; each target, `actions` included, is read off one
    /// pass over the counted ones (a correction adjusts km, is no occurrence).
    @Test func aGoalsActionsSplitByDayAndEveryTargetReadsOnePass() {
        let log = """
            2026-10-20 Old 3km +split
            2026-10-24 First recent day 2km 30min #split-tag
            2026-11-20 Linked and tagged 4km +split #split-tag
            2026-11-21 Correction -1km +split
            2026-11-22 Today 1km 1hours #split-tag
            2026-11-23 Tomorrow 9km +split #split-tag

            """
        let (_, r) = report([
            "log/2026.log": log,
            "goals/split.md": goal(
                "title: Split\nstart: 2026-10-01\ntargets:\n  km: 20\n  min: 600\n  actions: 10\ntags: [split-tag]\n"),
        ])
        let g = r.goal("split")!
        #expect(g.actionIndices == [0, 1, 2, 3, 4])
        #expect(g.upcomingActionIndices == [5])
        // Five lines count today, one of them a correction: four actions (FORMAT.md §7).
        #expect(g.actionCount == 4 && g.correctionCount == 1 && g.upcomingCount == 1)
        // The last 30 days (2026-10-24 to today): the linked and tagged action counted once, the correction not at all.
        let days = Int32(CivilDate.parse("2026-10-24")!.dayNumber)...Int32(CivilDate.parse("2026-11-22")!.dayNumber)
        #expect(GoalActions.distinctCount([g.actions], days: days) == 3)
        // km: 3 + 2 + 4 - 1 + 1 = 9; min: 30 + 60 = 90; actions: 5 counted less one correction.
        #expect(g.targets.map { "\($0.measure) \($0.actual)" } == ["km 9", "min 90", "actions 4"])
    }

    /// Further quantities (after an action's first) are kept per slice of
    /// the log while it is indexed, then joined: every slice's actions must
    /// still read their own. Even lines have three quantities, odd lines one.
    @Test func everyActionReadsItsOwnFurtherQuantitiesWhateverItsSlice() {
        var log = ""
        for i in 0..<16 {
            let day = "2026-11-" + (i < 9 ? "0" : "") + String(i + 1)
            log += i % 2 == 0 ? "\(day) Run 1km \(10 + i)min \(i + 1)sessions +multi\n" : "\(day) Run 3km +multi\n"
        }
        log += "2026-11-17 Correction -1km -6min +multi\n"
        let (_, r) = report([
            "log/2026.log": log,
            "goals/multi.md": goal(
                "title: Multi\nstart: 2026-11-01\ntargets:\n  km: 100\n  min: 1000\n  sessions: 100\n  actions: 100\n"),
        ])
        // km: 8 × 1 + 8 × 3 - 1 = 31; min: 8 × 10 + (0 + 2 + … + 14) - 6 = 130;
        // sessions: 8 + (0 + 2 + … + 14) = 64; actions: 16 (the correction is none).
        #expect(
            r.goal("multi")?.targets.map { "\($0.measure) \($0.actual)" } == [
                "km 31", "min 130", "sessions 64", "actions 16",
            ])
    }

    @Test func anActionLinkedAndTaggedCountsOnce() {
        let (_, r) = report(["log/2026.log": "2026-11-03 Both 5km +run #running\n"])
        #expect(r.goal("run")?.targets.first?.actual.description == "5")
    }

    @Test func minutesTowardAnHoursTarget() {
        let (_, r) = report([
            "goals/run.md": goal("title: Study\ntargets:\n  hours: 30\n  min: 120\n"),
            "log/2026.log":
                "2026-11-03 Lesson 90min +run\n2026-11-04 Lesson 1hours +run\n2026-11-05 Lesson 20minutes +run\n",
        ])
        let g = r.goal("run")!
        // min: 90 + 20 = 110 → 1.833333 hours; plus 1 hour = 2.833333 hours.
        #expect(g.targets.map { "\($0.measure) \($0.actual)" } == ["hours 2.833333", "min 170"])
    }

    @Test func ninetyMinutesIsOneAndAHalfHours() {
        let (_, r) = report([
            "goals/run.md": goal("title: Study\ntargets:\n  hours: 3\n"),
            "log/2026.log": "2026-11-03 Lesson 90min +run\n",
        ])
        #expect(r.goal("run")?.targets.first?.actual.description == "1.5")
        #expect(r.goal("run")?.targets.first?.ratio.description == "0.5")
    }

    @Test func negativeCorrectionReducesTheSum() {
        let (_, r) = report(["log/2026.log": "2026-11-03 Run 5.8km +run\n2026-11-04 Correction -0.8km +run\n"])
        #expect(r.goal("run")?.targets.first?.actual.description == "5")
    }

    @Test func progressIsCappedPerTargetButTheRatioIsNot() {
        let (_, r) = report([
            "goals/run.md": goal("title: Run\nstart: 2026-11-02\ntarget: 2027-01-10\ntargets:\n  km: 10\n  min: 100\n"),
            "log/2026.log": "2026-11-03 Long 20km 50min +run\n",
        ])
        let g = r.goal("run")!
        #expect(g.targets.map(\.ratio.description) == ["2", "0.5"])
        #expect(g.progress?.description == "0.75")
        #expect(g.state == .nearComplete)
    }

    @Test func checklistProgressWithoutTargets() {
        let (_, r) = report(["goals/run.md": goal("title: Tidy\n", body: "## Action plan\n- [x] a\n- [X] b\n- [ ] c\n")]
        )
        let g = r.goal("run")!
        #expect(g.progress?.description == "0.666667")
        #expect((g.checklistDone, g.checklistTotal) == (2, 3))
    }

    @Test func noTargetsNoChecklistMeansNoProgress() {
        let (_, r) = report(["goals/run.md": goal("title: Be kind\n"), "log/2026.log": "2026-11-03 Helped +run\n"])
        #expect(r.goal("run")?.progress == nil)
        #expect(r.goal("run")?.state == .onTrack)
        let (_, idle) = report(["goals/run.md": goal("title: Be kind\n"), "log/2026.log": ""])
        #expect(idle.goal("run")?.state == .notStarted)
    }

    @Test func behindUsesElapsedShareAndMargin() {
        // Window 2026-11-02 … 2026-12-01 (30 days); on 2026-11-22 day 21 → elapsed 0.7.
        func state(_ km: String) -> GoalState? {
            report([
                "goals/run.md": goal("title: Run\nstart: 2026-11-02\ntarget: 2026-12-01\ntargets:\n  km: 100\n"),
                "log/2026.log": "2026-11-03 Run \(km)km +run\n",
            ]).1.goal("run")?.state
        }
        #expect(state("59") == .behind)  // 0.59 + 0.1 < 0.7
        #expect(state("60") == .onTrack)  // 0.60 + 0.1 = 0.7, not less
        #expect(state("75") == .nearComplete)
    }

    @Test func urgencyOrderBreaksTiesByTargetThenProgressThenID() {
        let onTrack = { (id: String, target: String?, km: Int?) -> (String, String?) in
            (
                id,
                "---\ntitle: \(id)\nstart: 2026-11-02\n" + (target.map { "target: \($0)\n" } ?? "")
                    + (km.map { _ in "targets:\n  km: 100\n" } ?? "") + "---\n"
            )
        }
        var changes: [String: String?] = ["goals/run.md": nil]
        let goals = [
            onTrack("b-late", "2027-03-01", 30), onTrack("a-late", "2027-03-01", 30),
            onTrack("c-early", "2027-01-01", 40),
            onTrack("d-late-less", "2027-03-01", 20), onTrack("e-open", nil, 10), onTrack("f-open-none", nil, nil),
        ]
        var log = ""
        for (id, text) in goals {
            changes["goals/\(id).md"] = text
            if let km = ["b-late": 30, "a-late": 30, "c-early": 40, "d-late-less": 20, "e-open": 10][id] {
                log += "2026-11-03 Run \(km)km +\(id)\n"
            } else {
                log += "2026-11-03 Something +\(id)\n"
            }
        }
        changes["log/2026.log"] = log
        let (_, r) = report(changes)
        #expect(
            r.attentionOrdered.map(\.id) == ["c-early", "d-late-less", "a-late", "b-late", "e-open", "f-open-none"])
        #expect(Set(r.goals.map(\.state)) == [.onTrack])
    }

    @Test func stateRankComesFirstInUrgency() {
        let (_, r) = report([:])
        let ordered = GoalState.allCases.sorted { $0.attentionRank < $1.attentionRank }
        #expect(ordered == [.overdue, .behind, .notStarted, .onTrack, .nearComplete, .completed, .dropped])
        #expect(r.goals.count == 1)
    }

    @Test func paceNumbers() {
        // 2026-11-02 … 2027-01-10 is 70 days; on 2026-11-22, 21 days elapsed, 50 days remain (today included).
        let (_, r) = report(["log/2026.log": "2026-11-03 Run 35km +run\n"])
        let g = r.goal("run")!
        let t = g.targets[0]
        #expect(t.remaining.description == "65")
        #expect(t.neededPerDay?.description == "1.3")
        #expect(t.neededPerWeek?.description == "9.1")
        #expect(t.currentPerDay?.description == "1.666667")
        #expect(g.daysLeft == 49)
        // round(0.35 × 70 − 21) = round(3.5) = 4 days ahead (half to even); 0.65 × 21 / 0.35 = 39 days more → 2026-12-31.
        #expect(g.paceDays == 4)
        #expect(g.projectedFinish?.description == "2026-12-31")
    }

    @Test func termProgress() {
        let (_, r) = report(["log/2026.log": "2026-11-03 Run 35km +run\n"])
        let t = r.terms[0]
        #expect(t.state == .active)
        #expect(t.week == 3)
        #expect(t.weeks == 10)
        #expect(t.daysLeft == 49)
        #expect(t.goals == ["run"])
        #expect(t.meanProgress?.description == "0.35")
        #expect(r.currentTerm?.term.number == 1)
    }

    /// A goal that names its term more than once is one of the term's goals,
    /// once: with a few names (compared in place) and with many (a Set).
    @Test func aTermNamedTwiceByAGoalListsItOnce() {
        for terms in ["[1, 1]", "[" + Array(repeating: "1", count: 12).joined(separator: ", ") + "]"] {
            let (_, r) = report([
                "goals/run.md": goal("title: Run\nterm: \(terms)\ntargets:\n  km: 100\n"),
                "goals/swim.md": goal("title: Swim\nterm: 1\ntargets:\n  km: 10\n"),
                "log/2026.log": "2026-11-03 Run 35km +run\n",
            ])
            #expect(r.terms[0].goals == ["run", "swim"])
            // (0.35 + 0) / 2; counted twice it would be (0.35 + 0.35 + 0) / 3.
            #expect(r.terms[0].meanProgress?.description == "0.175")
        }
    }

    @Test func valueInsightsAndNeglect() {
        let (_, r) = report([
            "values/calm.md": "---\ntitle: Calm\npriority: 5\n---\n",
            "goals/read.md": goal("title: Read\ntargets:\n  km: 10\nvalues:\n  health: 4\n  calm: 6\n"),
            "log/2026.log": "2026-10-30 Old 2km +run\n2026-11-01 Run 5km +run +read\n2026-11-20 Run 5km +run\n",
        ])
        let health = r.values.first { $0.value.id == "health" }!
        #expect(health.goals.map { "\($0.id):\($0.strength)" } == ["run:8", "read:4"])
        #expect(health.meanStrength?.description == "6")
        // run 12/100 = 0.12 (all three linked actions count), read 5/10 = 0.5 → (8×0.12 + 4×0.5) / 12.
        #expect(health.weightedProgress?.description == "0.246667")
        #expect(health.actions30d == 3)  // 10-30, 11-01 (counted once), 11-20
        #expect(health.neglected == false)
        let calm = r.values.first { $0.value.id == "calm" }!
        #expect(calm.actions30d == 1)
        #expect(calm.neglected == true)  // its only goal's last action is 21 days old
        #expect(r.values.map(\.value.id) == ["calm", "health"])  // priority 5 before 40
    }

    @Test func exactSumOfManyTenths() {
        let log = String(repeating: "2026-11-03 Run 0.1km +run\n", count: 1000)
        let (_, r) = report(["log/2026.log": log])
        #expect(r.goal("run")?.targets.first?.actual == ExactDecimal(100))
        #expect(r.goal("run")?.targets.first?.ratio == ExactDecimal.one)
        #expect(r.goal("run")?.state == .completed)
    }

    /// Property: over random ledgers and logs (corrections included), progress
    /// is in [0, 1] or absent, and each actual equals the exact sum of its counted quantities.
    @Test func progressStaysInRangeAndSumsAreExact() {
        var rng = SeededGenerator(seed: 2026)
        for round in 0..<40 {
            var log = ""
            var expected: Int128 = 0
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                let millionths = Int128(Int.random(in: -5_000_000...20_000_000, using: &rng))
                if millionths == 0 { continue }
                expected += millionths
                log +=
                    "2026-11-\(10 + Int.random(in: 0...12, using: &rng)) Run "
                    + "\(ExactDecimal(millionths: millionths))km +run\n"
            }
            let (_, r) = report(["log/2026.log": log])
            let g = r.goal("run")!
            #expect(g.targets[0].actual.millionths == expected, "round \(round)")
            if let p = g.progress {
                #expect(p >= .zero && p <= .one, "round \(round): \(p)")
            }
        }
        for seed in 1...5 {
            let files = SyntheticLedger.files(goals: 30, logLines: 400, seed: UInt64(seed))
            let loaded = LedgerParser.parse(files.map { SourceFile(path: $0.path, text: $0.text) })
            let r = ProgressEngine.compute(loaded.ledger, today: today)
            for g in r.goals {
                if let p = g.progress { #expect(p >= .zero && p <= .one) }
                // Like a real dashboard: past goals complete, unless nothing counted in a target's measure.
                if let target = g.goal.target, target < today {
                    #expect(g.state == .completed || g.targets.contains { $0.actual == .zero }, "seed \(seed): \(g.id)")
                }
            }
            #expect(
                r.goals.contains { $0.goal.target.map { $0 >= today } == true && $0.state != .completed },
                "seed \(seed)")
            #expect(Checker.check(loaded, today: today).diagnostics.isEmpty)
        }
    }

    /// Export writes its actions in runs on every core: across the runs'
    /// and batches' edges, every action appears once, in log order.
    @Test func exportWritesEveryActionOnceInLogOrderAcrossBatches() throws {
        let files = SyntheticLedger.files(goals: 20, logLines: 8 * 1024 * 2 + 3)
        let loaded = LedgerParser.parse(files.map { SourceFile(path: $0.path, text: $0.text) })
        let text = ReportJSON.export(loaded.ledger, report: ProgressEngine.compute(loaded.ledger, today: today))
        guard case .object(let fields) = try JSONParser.parse(Array(text.utf8)),
            case .array(let actions)? = fields.first(where: { $0.0 == "actions" })?.1
        else {
            Issue.record("no actions array")
            return
        }
        let lines = actions.map { action -> String? in
            guard case .object(let members) = action,
                case .number(let line)? = members.first(where: { $0.0 == "line" })?.1
            else { return nil }
            return line
        }
        #expect(loaded.ledger.actions.count > 8 * 1024 * 2)
        #expect(lines == loaded.ledger.actions.map { String($0.line) })
    }

    /// Export reads each description from the bytes of its store, a
    /// stretch of actions of one store at a time: a long log read in pieces
    /// (a store each), descriptions of their own (quoted, or with words
    /// apart) between them, and a second and third log. Every action's path
    /// and description in the JSON are its own.
    @Test func exportWritesEachActionsOwnPathAndDescriptionAcrossStores() throws {
        var files = SyntheticLedger.files(goals: 20, logLines: 6000).map { SourceFile(path: $0.path, text: $0.text) }
        let own = (1...300).map { k in
            k % 3 == 0
                ? "2026-03-0\(k % 9 + 1) \"Swim, \\\"fast\\\" \(k)\" 1km\n"
                : "2026-03-0\(k % 9 + 1) Walk no\(k) 2km then home\r\n"
        }.joined()
        files.append(SourceFile(path: "log/2026-b.log", text: own))
        files.append(SourceFile(path: "log/2026-c.log", text: "2026-03-02 Read é 3pages\n2026-03-03 \"Read\" 4pages\n"))
        let loaded = LedgerParser.parse(files)
        #expect(loaded.ledger.actions.count > 6000)
        #expect(Set(loaded.ledger.actions.map(\.path)).count == 3)
        let text = ReportJSON.export(loaded.ledger, report: ProgressEngine.compute(loaded.ledger, today: today))
        guard case .object(let fields) = try JSONParser.parse(Array(text.utf8)),
            case .array(let actions)? = fields.first(where: { $0.0 == "actions" })?.1
        else {
            Issue.record("no actions array")
            return
        }
        func member(_ name: String, _ action: JSON) -> String? {
            guard case .object(let members) = action,
                case .string(let value)? = members.first(where: { $0.0 == name })?.1
            else { return nil }
            return value
        }
        #expect(actions.map { member("path", $0) } == loaded.ledger.actions.map(\.path))
        #expect(actions.map { member("description", $0) } == loaded.ledger.actions.map(\.description))
        #expect(loaded.ledger.actions.contains { $0.description.contains("\"fast\"") })
    }

    @Test func diffCountsAddedActionsByFileAndCanonicalText() {
        let before = SampleLedger.load(
            SampleLedger.with(["log/2026.log": "2026-11-03 Run 5km +run\r\n2026-11-04  Run   6km +run"]))
        let after = SampleLedger.load(
            SampleLedger.with([
                "log/2026.log":
                    "\u{FEFF}2026-11-03 Run 5km +run\n2026-11-04 Run 6km +run\n2026-11-04 Run 6km +run\n2026-11-05 "
                    + "Walk 2km +run\n"
            ]))
        let diff = ProgressDiff(
            from: (ProgressEngine.compute(before.ledger, today: today), before.canonicalActionLines()),
            to: (ProgressEngine.compute(after.ledger, today: today), after.canonicalActionLines()))
        // Reformatting is not adding; the repeated line and the walk are.
        #expect(diff.actionsAdded == 2)
        #expect(diff.goals.map(\.change) == [.changed])
        #expect(diff.goals.first?.targets.map { "\($0.from!) → \($0.to!)" } == ["11 → 19"])
    }
}
