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
        }

        func remove() { try? FileManager.default.removeItem(atPath: home) }

        /// What an interactive shell shows after typing `keys` (\t is Tab).
        /// What the terminal shows once every one of `expected` is on it
        /// (or a minute has passed: then the expectations fail).
        func type(_ keys: String, in shell: String, until expected: [String]) throws -> String {
            let program =
                shell == "zsh" ? ["zsh", "-i"] : ["fish", "--no-config", "-i", "-C", "source \(home)/htl.fish"]
            let until = expected.map { "--until=" + $0 }
            let typed = try Command.run(
                "python3", [Paths.fixture("clients/type_in_terminal.py"), keys] + until + program,
                in: ShellCompletionTests.example, environment: environment)
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
}
