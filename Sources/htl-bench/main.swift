import Glibc
import LedgerGenerator

// make bench: generates deterministic ledgers and times the installed `htl`
// (the release build with the standard library linked in)
// on them, as a user runs it (whole process: start-up, reading, parsing,
// checking, printing). Prints median / min / max wall time and peak memory.

struct Options {
    var htl = ".build/static/release/htl"
    /// Outside any git work tree: a plain check inside one also asks git
    /// about HEAD, which the rows of their own (in git) measure.
    var work = "/tmp/htl-bench"
    var runs = 15
    /// Only the language server's keystroke timings (`--lsp-only`).
    var languageServerOnly = false
    /// Only the web server's timings (`--serve-only`).
    var serverOnly = false

    init(_ arguments: [String]) {
        var i = 1
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--htl":
                htl = value
                i += 1
            case "--work":
                work = value
                i += 1
            case "--runs":
                runs = Int(value) ?? runs
                i += 1
            case "--lsp-only": languageServerOnly = true
            case "--serve-only": serverOnly = true
            default: break
            }
            i += 1
        }
    }
}

func write(_ path: String, _ text: String) {
    if let slash = path.lastIndex(of: "/") { _ = run(["/bin/mkdir", "-p", String(path[..<slash])]) }
    guard let f = fopen(path, "w") else { fail("cannot write \(path)") }
    fputs(text, f)
    fclose(f)
}

/// Writes a synthetic ledger to `folder` and the equivalent ledger-cli
/// journal to `folder.journal` (in this process: `htl-bench generate`).
func writeLedger(_ folder: String, goals: Int, lines: Int, cadence: Bool, sharedWindow: Bool) {
    _ = run(["/bin/rm", "-rf", folder])
    for file in SyntheticLedger.files(goals: goals, logLines: lines, cadence: cadence, sharedWindow: sharedWindow) {
        write(folder + "/" + file.path, file.text)
        if file.path == "log/2026.log" { write(folder + ".journal", SyntheticLedger.journal(fromLog: file.text)) }
    }
}

/// Generates in a child process: this process stays small, so the peak
/// memory the kernel reports for each timed child (which starts as a copy
/// of this one) is the child's own.
func generate(_ folder: String, goals: Int, lines: Int, cadence: Bool = false, sharedWindow: Bool = false) {
    let r = run(
        [benchPath, "generate", folder, String(goals), String(lines)] + (cadence ? ["cadence"] : [])
            + (sharedWindow ? ["shared"] : []))
    if r.status != 0 { fail("cannot generate \(folder)") }
}

func format(_ seconds: Double) -> String {
    let ms = seconds * 1000
    let rounded = (ms * 10).rounded() / 10
    return String(rounded) + " ms"
}

package func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
}

let benchPath =
    CommandLine.arguments[0].hasPrefix("/")
    ? CommandLine.arguments[0] : String(cString: getcwd(nil, 0)) + "/" + CommandLine.arguments[0]
if CommandLine.arguments.count >= 5, CommandLine.arguments[1] == "generate" {
    let a = CommandLine.arguments
    writeLedger(
        a[2], goals: Int(a[3]) ?? 0, lines: Int(a[4]) ?? 0, cadence: a.dropFirst(5).contains("cadence"),
        sharedWindow: a.dropFirst(5).contains("shared"))
    exit(0)
}
let options = Options(CommandLine.arguments)
let htl = options.htl.hasPrefix("/") ? options.htl : String(cString: getcwd(nil, 0)) + "/" + options.htl
if run([
    "/bin/sh", "-c", "mkdir -p \"$1\" && git -C \"$1\" rev-parse --is-inside-work-tree >/dev/null 2>&1", "sh",
    options.work,
]).status == 0 {
    print(
        "note: \(options.work) is inside a git work tree, so every plain check also asks git about HEAD (use --work "
            + "outside one)"
    )
}
let small = options.work + "/small-50-goals-2000-lines"
let large = options.work + "/large-1000-goals-100000-lines"
let million = options.work + "/million-10000-goals-1000000-lines"
generate(small, goals: 50, lines: 2_000)
generate(large, goals: 1_000, lines: 100_000)

/// The language server: one keystroke at a time (LanguageServerSession.swift).
/// Returns the number of cases over budget.
func benchLanguageServer() -> Int {
    var over = 0
    for (name, ledger, edits, budget) in [
        ("goals-example", "goals-example", 200, 0.030), ("1,000 goals / 100,000 lines", large, 60, 0.150),
    ] {
        let r = languageServerSession(htl: htl, ledger, edits: edits)
        let within = r.change <= budget
        if !within { over += 1 }
        print(
            pad("lsp change → diagnostics, \(name)", 46) + pad(format(r.change), 11) + pad("", 22)
                + pad("\(r.rssEnd / 1024) MB", 11) + pad("", 9)
                + "≤ \(format(budget)) " + (within ? "ok" : "OVER"))
        print(
            pad("lsp completion, \(name)", 46) + pad(format(r.completion), 11) + pad("", 42) + "≤ 20.0 ms "
                + (r.completion <= 0.020 ? "ok" : "OVER"))
        print(
            pad("lsp memory over \(edits) edits, \(name)", 46)
                + "\(r.rssStart / 1024) MB after \(edits / 10) → \(r.rssEnd / 1024) MB after \(edits)")
    }
    return over
}
if options.languageServerOnly { exit(benchLanguageServer() > 0 ? 1 : 0) }

/// `htl serve`: the dashboard page and the API's log write, each a new
/// connection (ServeSession.swift). Returns the number of cases over budget.
func benchServer() -> Int {
    var over = 0
    for (name, ledger, budget) in [
        ("goals-example", "goals-example", 0.010), ("1,000 goals / 100,000 lines", large, 0.100),
    ] {
        let r = serveSession(htl: htl, ledger, work: options.work, requests: 1_000, writes: 50)
        let flat = r.rssEnd <= r.rssEarly + r.rssEarly / 10 + 4_096
        for (label, value, limit) in [("serve dashboard", r.dashboard, budget), ("serve POST /api/log", r.log, 0.020)]
        where label == "serve dashboard" || name == "goals-example" {
            let within = value <= limit
            if !within { over += 1 }
            print(
                pad("\(label), \(name)", 46) + pad(format(value), 11) + pad("", 42) + "≤ \(format(limit)) "
                    + (within ? "ok" : "OVER"))
        }
        if !flat { over += 1 }
        print(
            pad("serve memory, \(name)", 46)
                + "\(r.rssEarly / 1024) MB after 100 → \(r.rssEnd / 1024) MB after 1,000 "
                + (flat ? "ok" : "OVER"))
    }
    return over
}
if options.serverOnly { exit(benchServer() > 0 ? 1 : 0) }
generate(million, goals: 10_000, lines: 1_000_000)
// The same ledger with a weekly cadence on every second goal (the cadence issue: within 10 %).
let largeCadence = options.work + "/large-1000-goals-100000-lines-cadence"
generate(largeCadence, goals: 1_000, lines: 100_000, cadence: true)
// Forty goals share each tag in one window: each line counts toward forty goals (40 million memberships).
let sharedTags = options.work + "/shared-10000-goals-1000000-lines"
generate(sharedTags, goals: 10_000, lines: 1_000_000, sharedWindow: true)

/// A git repository holding a copy of `ledger`, committed, with one more log
/// line staged: what a pre-commit check sees.
func makeRepository(_ folder: String, from ledger: String) {
    let script = """
        set -e
        rm -rf "$1" && mkdir -p "$1" && cp -R "$2"/. "$1"/
        cd "$1"
        export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 \\
          GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com \\
          GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
        git init -q && git add -A && git commit -q -m ledger
        echo "2026-11-22 Staged run 5km" >> log/2026.log && git add log/2026.log
        """
    if run(["/bin/sh", "-c", script, "sh", folder, ledger]).status != 0 {
        fail("cannot create the git repository \(folder)")
    }
}

struct Case {
    var name: String
    var arguments: [String]
    var budget: Double
    var directory: String? = nil
    /// Fewer runs for the hostile, very large inputs.
    var runs: Int? = nil
    /// Peak resident memory allowed, in MB.
    var memory: Int? = nil
}

/// Hostile inputs that once took quadratic time or gigabytes: a goal with
/// 160,000 tags, one line of 10,000,000 quantities. (A log of a million
/// lines is a case of its own, with the linearity ratio.)
func generateHostile(_ work: String) -> (manyTags: String, longLine: String) {
    let manyTags = work + "/hostile-160000-tags"
    generate(manyTags, goals: 10, lines: 100)
    write(
        manyTags + "/goals/tags.md",
        "---\ntitle: Many tags\ntags: [" + (0..<160_000).map { "t\($0)" }.joined(separator: ", ") + "]\n---\n")
    let longLine = work + "/hostile-10000000-quantities"
    generate(longLine, goals: 10, lines: 100)
    guard let f = fopen(longLine + "/log/2026.log", "a") else { fail("cannot write the long line") }
    fputs("2026-11-20 x", f)
    let chunk = String(repeating: " 5km", count: 100_000)
    for _ in 0..<100 { fputs(chunk, f) }
    fputs("\n", f)
    fclose(f)
    return (manyTags, longLine)
}

let exampleRepository = options.work + "/goals-example-repository"
let largeRepository = options.work + "/large-repository"
makeRepository(exampleRepository, from: "goals-example")
makeRepository(largeRepository, from: large)

/// Names of the cases the ratios below compare (one spelling each).
enum Name {
    static let check = "check, 1,000 goals / 100,000 lines"
    static let status = "status --json, 1,000 goals / 100,000 lines"
    static let statusCadence = "status --json, same with 500 weekly cadences"
    static let fmt = "fmt --check, 1,000 goals / 100,000 lines"
    static let export = "export --json, 1,000 goals / 100,000 lines"
    static let checkMillion = "check, 10,000 goals / 1,000,000 lines"
    static let checkInGit = "check in git, 1,000 / 100,000 (HEAD + 1 line)"
    static let statusMillion = "status --json, 10,000 / 1,000,000"
    static let exportMillion = "export --json, 10,000 / 1,000,000"
}

/// An executable on PATH, or nil.
func onPath(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
}

let today = ["--today", "2026-11-22"]
// Budgets: the speed issue's targets (release build, whole process, median).
var cases = [
    Case(name: "check, 50 goals / 2,000 lines", arguments: [htl, "check", "-C", small] + today, budget: 0.008),
    Case(name: Name.check, arguments: [htl, "check", "-C", large] + today, budget: 0.060),
    Case(name: Name.status, arguments: [htl, "status", "--json", "-C", large] + today, budget: 0.080),
    Case(name: Name.statusCadence, arguments: [htl, "status", "--json", "-C", largeCadence] + today, budget: 0.088),
    Case(name: Name.fmt, arguments: [htl, "fmt", "--check", "-C", large] + today, budget: 0.078),
    Case(name: Name.export, arguments: [htl, "export", "--json", "-C", large] + today, budget: 0.150),
    Case(
        name: "actions --where --by month --sum, 100,000 lines",
        arguments: [
            htl, "actions", "-C", large, "--where", "(km>2 or min>=30) and not correction and date>=2026-01-01",
            "--by", "month", "--sum", "km,min",
        ] + today, budget: 0.100),
    Case(name: "check, goals-example", arguments: [htl, "check", "-C", "goals-example"] + today, budget: 0.020),
    Case(
        name: "check --staged, goals-example", arguments: [htl, "check", "--staged", "-C", exampleRepository] + today,
        budget: 0.050),
    // No budget in the issues: the ratio to the same check outside git is held below.
    Case(name: Name.checkInGit, arguments: [htl, "check", "-C", largeRepository] + today, budget: 0.078),
    Case(
        name: "check --staged, 1,000 goals / 100,000 lines",
        arguments: [htl, "check", "--staged", "-C", largeRepository] + today, budget: 0.40),
    // No budget in the issues; one second keeps a per-action rescan (once minutes) from coming back.
    Case(
        name: "diff --json HEAD/worktree, 1,000 / 100,000",
        arguments: [htl, "diff", "--json", "-C", largeRepository] + today, budget: 1.0),
    Case(name: Name.checkMillion, arguments: [htl, "check", "-C", million] + today, budget: 0.5, runs: 5, memory: 300),
    Case(
        name: Name.statusMillion, arguments: [htl, "status", "--json", "-C", million] + today, budget: 0.8, runs: 5,
        memory: 400),
    Case(
        name: Name.exportMillion, arguments: [htl, "export", "--json", "-C", million] + today, budget: 1.5, runs: 5,
        memory: 400),
    // The status budget at a million lines, whatever how many goals count each line.
    Case(
        name: "status --json, 40 goals a tag, 1,000,000 lines",
        arguments: [htl, "status", "--json", "-C", sharedTags] + today,
        budget: 0.8, runs: 5, memory: 400),
]

let hostile = generateHostile(options.work)
cases += [
    Case(
        name: "check, one goal with 160,000 tags", arguments: [htl, "check", "-C", hostile.manyTags] + today,
        budget: 2.0, runs: 3),
    Case(
        name: "check, one line of 10,000,000 quantities", arguments: [htl, "check", "-C", hostile.longLine] + today,
        budget: 2.0, runs: 3),
]

print(
    "htl-bench: \(options.runs) runs each after one warm-up (5 for a million lines, 3 for the hostile inputs), all "
        + "cases in turns; wall time of the whole process, peak RSS, median page faults"
)
print(
    pad("case", 46) + pad("median", 11) + pad("min", 11) + pad("max", 11) + pad("peak RSS", 11) + pad("faults", 9)
        + "budget")
var failures = 0
/// Each case's times in the order of the rounds (cases of equal runs ran in the same rounds).
var times: [String: [Double]] = [:]

/// The middle of `seconds` (the upper one of an even count).
func median(_ seconds: [Double]) -> Double {
    seconds.sorted()[seconds.count / 2]
}

/// The median time of the case named `name`, once it was measured.
@MainActor func median(of name: String) -> Double? {
    times[name].map(median)
}
let measured = measureInTurns(cases.map { ($0.arguments, $0.runs ?? options.runs, $0.directory) })
for (c, m) in zip(cases, measured) {
    let sorted = m.seconds.sorted()
    let middle = median(m.seconds)
    times[c.name] = m.seconds
    let megabytes = m.peakKilobytes / 1024
    // htl exits 0 or 1 (findings); anything else (2, a crash's 128 + signal)
    // means it did not do the work, and its time says nothing.
    let ranToTheEnd = m.status <= 1
    let within = ranToTheEnd && middle <= c.budget && megabytes <= (c.memory ?? Int.max)
    if !within { failures += 1 }
    print(
        pad(c.name, 46) + pad(format(middle), 11) + pad(format(sorted.first!), 11) + pad(format(sorted.last!), 11)
            + pad("\(megabytes) MB", 11) + pad(String(m.pageFaults.sorted()[m.pageFaults.count / 2]), 9)
            + "≤ \(format(c.budget))" + (c.memory.map { ", ≤ \($0) MB" } ?? "") + " "
            + (ranToTheEnd ? (within ? "ok" : "OVER") : "FAILED (exit \(m.status): the command did not run to its end)")
    )
}

/// A ratio line: `value` against its limit.
@MainActor func ratio(_ name: String, _ value: Double, limit: Double, atLeast: Bool = false) {
    let within = atLeast ? value >= limit : value <= limit
    if !within { failures += 1 }
    print(
        pad(name, 57) + String((value * 100).rounded() / 100) + "× (" + (atLeast ? "≥ " : "≤ ") + String(limit) + "×) "
            + (within ? "ok" : "OVER"))
}

// Linear: ten times the data costs at most eleven times the time.
for (command, small, big) in [
    ("check", Name.check, Name.checkMillion),
    ("status --json", Name.status, Name.statusMillion),
    ("export --json", Name.export, Name.exportMillion),
] {
    if let a = median(of: small), let b = median(of: big) {
        ratio("linearity, \(command): 1,000,000 / 100,000 lines", b / a, limit: 11)
    }
}
if let check = median(of: Name.check), let fmt = median(of: Name.fmt) {
    ratio("fmt --check against check, 100,000 lines", fmt / check, limit: 1.3)
}
if let check = median(of: Name.check), let inGit = median(of: Name.checkInGit) {
    ratio("check in git against check, 100,000 lines", inGit / check, limit: 1.3)
}

// ledger-cli side by side on the same postings (`ledger bal`: parse every
// line, total every account), when it is installed (make bench installs it).
if let ledger = onPath("ledger") {
    for (label, folder, htlCase, runs) in [
        ("1,000 goals / 100,000 lines", large, Name.check, options.runs),
        ("10,000 goals / 1,000,000 lines", million, Name.checkMillion, 3),
    ] {
        let m = measure([ledger, "-f", folder + ".journal", "bal"], runs: runs)
        let sorted = m.seconds.sorted()
        let middle = median(m.seconds)
        print(
            pad("ledger bal, \(label)", 46) + pad(format(middle), 11) + pad(format(sorted.first!), 11)
                + pad(format(sorted.last!), 11)
                + pad("\(m.peakKilobytes / 1024) MB", 11) + String(m.pageFaults.sorted()[m.pageFaults.count / 2])
                + (m.status != 0 ? " (exit \(m.status))" : ""))
        if let htlMedian = median(of: htlCase) {
            ratio("ledger bal / htl check, \(label)", middle / htlMedian, limit: 15, atLeast: true)
        }
    }
} else {
    print("ledger-cli is not installed: no side-by-side rows (apt-get install ledger)")
}

// Cadence must not change the benchmark: the same ledger with 500 weekly cadences within 10 %.
// Round by round (the two run one after the other, each first in half the
// rounds), so the machine's drift between rounds does not move it, as it
// moves the ratio of the two medians printed beside it (docs/PERFORMANCE.md).
if let plain = times[Name.status], let withCadence = times[Name.statusCadence], plain.count == withCadence.count,
    !plain.isEmpty
{
    let ratios = zip(plain, withCadence).map { $1 / $0 }.sorted()
    let overhead = (ratios[ratios.count / 2] - 1) * 100
    let ofMedians = (median(withCadence) / median(plain) - 1) * 100
    let within = overhead <= 10
    if !within { failures += 1 }
    print(
        "cadence overhead on status --json: " + String((overhead * 10).rounded() / 10)
            + " % (≤ 10 %; median of \(ratios.count) rounds' ratios) "
            + (within ? "ok" : "OVER") + "; ratio of the medians " + String((ofMedians * 10).rounded() / 10) + " %")
}
if failures > 0 { print("\(failures) case(s) over budget") }

failures += benchLanguageServer()
failures += benchServer()
if failures > 0 { print("\(failures) case(s) over budget (with the language server and the web server)") }
