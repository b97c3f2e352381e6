import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// `htl completions bash|zsh|fish` in the real shells (installed by make
/// test): goal ids, rule ids, kinds and log words come from the ledger in
/// the working folder (goals-example).
@Suite struct ShellCompletionTests {
    static let example = Paths.root.appendingPathComponent("goals-example").path

    /// A temporary home with each shell's script where the shell looks.
    struct Shells {
        let home: String
        var environment: [String: String] {
            let bin = (HTLBinary.path as NSString).deletingLastPathComponent
            return [
                "HOME": home, "ZDOTDIR": home, "TERM": "xterm",
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            ]
        }

        init() throws {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("htl-shells-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            for shell in ["bash", "zsh", "fish"] {
                let script = try HTLBinary.run(["completions", shell])
                #expect(script.status == 0)
                try script.stdout.write(toFile: home + "/htl." + shell, atomically: true, encoding: .utf8)
            }
            try "autoload -U compinit; compinit -u\nsource \(home)/htl.zsh\nPS1='> '\n".write(
                toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
            try "source \(home)/htl.bash\nPS1='> '\n".write(
                toFile: home + "/.bashrc", atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: home) }

        /// What an interactive shell shows after typing `keys` (\t is Tab).
        /// What the terminal shows once every one of `expected` is on it
        /// (or a minute has passed: then the expectations fail).
        /// The shell runs in `folder` (goals-example unless given).
        func type(_ keys: String, in shell: String, at folder: String = example, until expected: [String]) throws
            -> String
        {
            let program =
                switch shell {
                case "zsh": ["zsh", "-i"]
                case "bash": ["bash", "--noprofile", "--rcfile", home + "/.bashrc", "-i"]
                default: ["fish", "--no-config", "-i", "-C", "source \(home)/htl.fish"]
                }
            let until = expected.map { "--until=" + $0 }
            let typed = try Command.run(
                "python3", [Paths.fixture("clients/type_in_terminal.py"), keys] + until + program,
                in: folder, environment: environment)
            return typed.stdout
        }

        /// bash: the completion function called as bash calls it for a line.
        func bash(_ line: String) throws -> [String] {
            let script = """
                source \(home)/htl.bash
                COMP_LINE=\(ShellWord.quoted(line)); COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<< "$COMP_LINE"; [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _htl htl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Command.run(
                "bash", ["-c", script], in: ShellCompletionTests.example, environment: environment)
            return result.stdout.split(separator: "\n").map(String.init)
        }
    }

    @Test func bashCompletesFromTheLedger() throws {
        let shells = try Shells()
        defer { shells.remove() }
        #expect(try shells.bash("htl progress run-") == ["run-100km", "run-autumn-10k"])
        #expect(try shells.bash("htl actions --goal le") == ["learn-spanish", "learn-ukulele"])
        #expect(try shells.bash("htl log Run +re") == ["+read-4-books"])
        #expect(try shells.bash("htl log Run 5k") == ["5kg", "5kilometre", "5kilometres", "5km"])
        #expect(try shells.bash("htl explain unknown-u") == ["unknown-unit"])
        #expect(try shells.bash("htl new ") == ["goal", "value", "term"])
        #expect(try shells.bash("htl completions ") == ["bash", "zsh", "fish"])
        #expect(try shells.bash("htl progress -C \(Paths.fixture("clean")) ") == ["run"])
    }

    @Test func zshCompletesFromTheLedger() throws {
        let shells = try Shells()
        defer { shells.remove() }
        let goals = try shells.type("htl progress run-\t", in: "zsh", until: ["run-100km", "run-autumn-10k"])
        #expect(goals.contains("run-100km") && goals.contains("run-autumn-10k"), "\(goals)")
        let rule = try shells.type("htl explain unknown-u\t", in: "zsh", until: ["htl explain unknown-unit"])
        #expect(rule.contains("htl explain unknown-unit"), "\(rule)")
    }

    @Test func fishCompletesFromTheLedger() throws {
        let shells = try Shells()
        defer { shells.remove() }
        let goals = try shells.type("htl progress run-\t", in: "fish", until: ["run-100km", "run-autumn-10k"])
        #expect(goals.contains("run-100km") && goals.contains("run-autumn-10k"), "\(goals)")
        let link = try shells.type("htl log Run +learn-\t", in: "fish", until: ["+learn-spanish", "+learn-ukulele"])
        #expect(link.contains("+learn-spanish") && link.contains("+learn-ukulele"), "\(link)")
    }

    /// A new ledger (htl init) with a goal `piano-20h` and a walk tagged `#outdoors`.
    static func pianoLedger() throws -> TemporaryLedger {
        let ledger = try TemporaryLedger([:], prefix: "htl-shells")
        #expect(try HTLBinary.run(["init", ledger.root, "--today", "2026-11-22"]).status == 0)
        try ledger.write(
            "goals/piano-20h.md", "---\ntitle: Piano for 20 hours\nstart: 2026-11-22\ntargets:\n  hours: 20\n---\n")
        #expect(
            try HTLBinary.run(["log", "-C", ledger.root, "Walk 3km #outdoors", "--today", "2026-11-22"]).status == 0)
        return ledger
    }

    /// What the scripts get for a word inside an open quote: the whole line
    /// so far with its last word completed.
    @Test func aWordInsideAnOpenQuoteIsAnsweredWithTheLine() throws {
        let ledger = try Self.pianoLedger()
        defer { ledger.remove() }
        for (word, answer) in [
            ("\"Piano 20min +pi", "Piano 20min +piano-20h\n"),
            ("'Walk 4km #out", "Walk 4km #outdoors\n"),
            ("\"Scales 20mi", "Scales 20min\nScales 20mins\nScales 20minute\nScales 20minutes\n"),
            ("\"Scales 20 min", ""),
        ] {
            let result = try HTLBinary.run(["__complete", "3", "log", "-C", ledger.root, word])
            #expect(result.stdout == answer, "\(word)")
            #expect(result.status == 0)
        }
    }

    /// Inside the quoted line `htl log "...`, Tab completes `+goal`, `#tag`
    /// and a unit after a number, and the quote stays open: the line goes on
    /// (a `#tag` after a closing quote would be a comment) and is logged whole.
    @Test(arguments: ["bash", "zsh", "fish"]) func aQuotedLogLineCompletesInside(shell: String) throws {
        let shells = try Shells()
        let ledger = try Self.pianoLedger()
        defer {
            shells.remove()
            ledger.remove()
        }
        let log = "htl log --today 2026-11-22 "
        for (keys, logged) in [
            (log + "\"Piano 20min +pi\t #outdoors\"\r", "2026-11-22 Piano 20min +piano-20h #outdoors"),
            (log + "\"Walk 4km #out\t\"\r", "2026-11-22 Walk 4km #outdoors"),
            (log + "\"Scales 20mi\t\"\r", "2026-11-22 Scales 20min"),
        ] {
            let shown = try shells.type(keys, in: shell, at: ledger.root, until: [logged])
            let lines = shown.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.contains(logged), "\(shell): \(keys)\n\(shown)")
        }
    }
}
