import Glibc
import LedgerGenerator

// make bench: generates deterministic ledgers and times the release `htl`
// on them, as a user runs it (whole process: start-up, reading, parsing,
// checking, printing). Prints median / min / max wall time and peak memory.

struct Options {
    var htl = ".build/release/htl"
    var work = ".build/bench"
    var runs = 15

    init(_ arguments: [String]) {
        var i = 1
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--htl": htl = value; i += 1
            case "--work": work = value; i += 1
            case "--runs": runs = Int(value) ?? runs; i += 1
            default: break
            }
            i += 1
        }
    }
}

struct Measurement {
    var seconds: [Double]
    var peakKilobytes: Int
    var status: Int32
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Runs a command with stdout and stderr sent to /dev/null, in `directory`.
func run(_ arguments: [String], in directory: String? = nil) -> (seconds: Double, kilobytes: Int, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let previous = directory.map { _ in String(cString: getcwd(nil, 0)) }
    if let directory { chdir(directory) }
    defer { if let previous { chdir(previous) } }
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
        fail("cannot run \(arguments[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = now() - start
    return (elapsed, Int(usage.ru_maxrss), (status >> 8) & 0xFF)
}

func measure(_ arguments: [String], runs: Int, in directory: String? = nil) -> Measurement {
    _ = run(arguments, in: directory)  // warm the file cache
    var m = Measurement(seconds: [], peakKilobytes: 0, status: 0)
    for _ in 0..<runs {
        let r = run(arguments, in: directory)
        m.seconds.append(r.seconds)
        m.peakKilobytes = max(m.peakKilobytes, r.kilobytes)
        m.status = r.status
    }
    return m
}

func fail(_ message: String) -> Never {
    print("htl-bench: " + message)
    exit(2)
}

func write(_ path: String, _ text: String) {
    _ = run(["/bin/mkdir", "-p", String(path[..<path.lastIndex(of: "/")!])])
    guard let f = fopen(path, "w") else { fail("cannot write \(path)") }
    fputs(text, f)
    fclose(f)
}

func generate(_ folder: String, goals: Int, lines: Int, cadence: Bool = false) {
    _ = run(["/bin/rm", "-rf", folder])
    for file in SyntheticLedger.files(goals: goals, logLines: lines, cadence: cadence) {
        write(folder + "/" + file.path, file.text)
    }
}

func format(_ seconds: Double) -> String {
    let ms = seconds * 1000
    let rounded = (ms * 10).rounded() / 10
    return String(rounded) + " ms"
}

package func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
}

let options = Options(CommandLine.arguments)
let htl = options.htl.hasPrefix("/") ? options.htl : String(cString: getcwd(nil, 0)) + "/" + options.htl
let small = options.work + "/small-50-goals-2000-lines"
let large = options.work + "/large-1000-goals-100000-lines"
generate(small, goals: 50, lines: 2_000)
generate(large, goals: 1_000, lines: 100_000)
// The same ledger with a weekly cadence on every second goal (the cadence issue: within 10 %).
let largeCadence = options.work + "/large-1000-goals-100000-lines-cadence"
generate(largeCadence, goals: 1_000, lines: 100_000, cadence: true)

/// A git repository holding a copy of `ledger`, committed, with one more log
/// line staged: what a pre-commit check sees.
func makeRepository(_ folder: String, from ledger: String) {
    let script = """
    set -e
    rm -rf "$1" && mkdir -p "$1" && cp -R "$2"/. "$1"/
    cd "$1"
    export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com \\
      GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
    git init -q && git add -A && git commit -q -m ledger
    echo "2026-11-22 Staged run 5km" >> log/2026.log && git add log/2026.log
    """
    if run(["/bin/sh", "-c", script, "sh", folder, ledger]).status != 0 { fail("cannot create the git repository \(folder)") }
}

struct Case {
    var name: String
    var arguments: [String]
    var budget: Double
    var directory: String? = nil
    /// Fewer runs for the hostile, very large inputs.
    var runs: Int? = nil
}

/// Hostile inputs that once took quadratic time or gigabytes: a 2,000,000
/// line log, a goal with 160,000 tags, one line of 10,000,000 quantities.
func generateHostile(_ work: String) -> (hugeLog: String, manyTags: String, longLine: String) {
    let hugeLog = work + "/hostile-2000000-lines"
    generate(hugeLog, goals: 1_000, lines: 2_000_000)
    let manyTags = work + "/hostile-160000-tags"
    generate(manyTags, goals: 10, lines: 100)
    write(manyTags + "/goals/tags.md", "---\ntitle: Many tags\ntags: [" + (0..<160_000).map { "t\($0)" }.joined(separator: ", ") + "]\n---\n")
    let longLine = work + "/hostile-10000000-quantities"
    generate(longLine, goals: 10, lines: 100)
    guard let f = fopen(longLine + "/log/2026.log", "a") else { fail("cannot write the long line") }
    fputs("2026-11-20 x", f)
    let chunk = String(repeating: " 5km", count: 100_000)
    for _ in 0..<100 { fputs(chunk, f) }
    fputs("\n", f)
    fclose(f)
    return (hugeLog, manyTags, longLine)
}

let exampleRepository = options.work + "/goals-example-repository"
let largeRepository = options.work + "/large-repository"
makeRepository(exampleRepository, from: "goals-example")
makeRepository(largeRepository, from: large)

let today = ["--today", "2026-11-22"]
var cases = [
    Case(name: "check, 50 goals / 2,000 lines", arguments: [htl, "check", "-C", small] + today, budget: 0.020),
    Case(name: "check, 1,000 goals / 100,000 lines", arguments: [htl, "check", "-C", large] + today, budget: 0.25),
    Case(name: "status --json, 1,000 goals / 100,000 lines", arguments: [htl, "status", "--json", "-C", large] + today, budget: 0.30),
    Case(name: "status --json, same with 500 weekly cadences", arguments: [htl, "status", "--json", "-C", largeCadence] + today, budget: 0.33),
    Case(name: "fmt --check, 1,000 goals / 100,000 lines", arguments: [htl, "fmt", "--check", "-C", large] + today, budget: 0.30),
    Case(name: "check, goals-example", arguments: [htl, "check", "-C", "goals-example"] + today, budget: 0.020),
    Case(name: "check --staged, goals-example", arguments: [htl, "check", "--staged", "-C", exampleRepository] + today, budget: 0.050),
    Case(name: "check --staged, 1,000 goals / 100,000 lines", arguments: [htl, "check", "--staged", "-C", largeRepository] + today, budget: 0.40),
    // No budget in the issues; one second keeps a per-action rescan (once minutes) from coming back.
    Case(name: "diff --json HEAD/worktree, 1,000 / 100,000", arguments: [htl, "diff", "--json", "-C", largeRepository] + today, budget: 1.0),
]

let hostile = generateHostile(options.work)
cases += [
    Case(name: "export --json, 1,000 / 2,000,000 lines", arguments: [htl, "export", "--json", "-C", hostile.hugeLog] + today,
         budget: 12.0, runs: 3),
    Case(name: "check, 1,000 / 2,000,000 lines", arguments: [htl, "check", "-C", hostile.hugeLog] + today, budget: 8.0, runs: 3),
    Case(name: "check, one goal with 160,000 tags", arguments: [htl, "check", "-C", hostile.manyTags] + today, budget: 2.0, runs: 3),
    Case(name: "check, one line of 10,000,000 quantities", arguments: [htl, "check", "-C", hostile.longLine] + today,
         budget: 6.0, runs: 3),
]

print("htl-bench: \(options.runs) runs each after one warm-up (3 for the hostile inputs); wall time of the whole process, peak RSS")
print(pad("case", 46) + pad("median", 11) + pad("min", 11) + pad("max", 11) + pad("peak RSS", 11) + "budget")
var failures = 0
var medians: [String: Double] = [:]
for c in cases {
    let m = measure(c.arguments, runs: c.runs ?? options.runs, in: c.directory)
    let sorted = m.seconds.sorted()
    let median = sorted[sorted.count / 2]
    medians[c.name] = median
    let within = median <= c.budget
    if !within { failures += 1 }
    print(pad(c.name, 46) + pad(format(median), 11) + pad(format(sorted.first!), 11) + pad(format(sorted.last!), 11)
          + pad("\(m.peakKilobytes / 1024) MB", 11) + "≤ \(format(c.budget)) " + (within ? "ok" : "OVER") + (m.status > 1 ? " (exit \(m.status))" : ""))
}
// Cadence must not change the benchmark: the same ledger with 500 weekly cadences within 10 %.
if let plain = medians["status --json, 1,000 goals / 100,000 lines"], let withCadence = medians["status --json, same with 500 weekly cadences"] {
    let overhead = (withCadence / plain - 1) * 100
    let within = overhead <= 10
    if !within { failures += 1 }
    print("cadence overhead on status --json: " + String((overhead * 10).rounded() / 10) + " % (≤ 10 %) " + (within ? "ok" : "OVER"))
}
if failures > 0 { print("\(failures) case(s) over budget") }

