import Glibc
import HTLKit

/// Coverage-guided fuzzing (make fuzz): libFuzzer calls
/// `LLVMFuzzerTestOneInput` with inputs it mutates; `HTL_FUZZ_TARGET`
/// chooses what the bytes become. A crash, a hang, or a broken property
/// (`fail`) is a finding.
enum FuzzTarget: String, CaseIterable {
    /// The bytes are a log file in an otherwise clean ledger.
    case log
    /// The bytes are a goal's file (front matter and body), then measures.yaml.
    case yaml
    /// The bytes are a goal's file given to fmt: formatting twice changes
    /// nothing more, and the formatted file means the same.
    case fmt

    static let chosen: FuzzTarget = {
        guard let name = getenv("HTL_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name)
        else {
            say("htl-fuzz: set HTL_FUZZ_TARGET to one of: log, yaml, fmt\n")
            exit(2)
        }
        return target
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch FuzzTarget.chosen {
    case .log: FuzzChecks.wholeLedger(with: SourceFile(path: "log/2026.log", bytes: bytes))
    case .yaml:
        FuzzChecks.wholeLedger(with: SourceFile(path: "goals/run.md", bytes: bytes))
        FuzzChecks.wholeLedger(with: SourceFile(path: "measures.yaml", bytes: bytes))
    case .fmt: FuzzChecks.formatRoundTrip(SourceFile(path: "goals/run.md", bytes: bytes))
    }
    return 0
}

/// The properties checked on every input.
enum FuzzChecks {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!

    static let ledger: [String: String] = [
        "htl.yaml": "htl: 1\n",
        "measures.yaml":
            "km:\n  type: distance\n  aliases: [kilometre]\nmin:\n  type: time\nhours:\n  type: time\n  equals: 60 "
            + "min\n",
        "values/health.md": "---\ntitle: Health\n---\n",
        "terms/term-1.md": "---\nnumber: 1\nstart: 2026-11-02\n---\n",
        "goals/run.md":
            "---\ntitle: Run\nstart: 2026-11-02\ntarget: 2027-01-10\nterm: 1\ntargets:\n  km: 100\n  hours: "
            + "10\nvalues:\n  health: 8\ntags: [running]\n---\n## Action plan\n- [ ] Shoes\n",
        "log/2026.log": "2026-11-03 Run 5km 30min +run #running\n",
    ]

    static func fail(_ message: String) -> Never {
        say("htl-fuzz: property broken: \(message)\n")
        abort()
    }

    /// Load, check, compute and render a ledger with one file replaced:
    /// nothing may crash, and every finding must point inside its file.
    static func wholeLedger(with file: SourceFile) {
        let files = ledger.filter { $0.key != file.path }.map { SourceFile(path: $0.key, text: $0.value) } + [file]
        let parsed = LedgerParser.parse(files)
        for d in parsed.findings where d.location.path == file.path {
            let lines = lineWidths(file.bytes)
            guard d.location.line >= 1, d.location.line <= max(lines.count, 1),
                d.location.column >= 1, d.location.column <= (lines.isEmpty ? 1 : lines[d.location.line - 1] + 1)
            else {
                fail("\(d.location) lies outside the file (\(lines.count) lines): \(d.message)")
            }
        }
        let report = Checker.check(parsed, today: today, formatting: true)
        _ = DiagnosticRenderer.text(report, files: parsed.files)
        _ = DiagnosticRenderer.json(report)
        let progress = ProgressEngine.compute(parsed.ledger, today: today)
        _ = StatusText.render(
            progress, ledger: parsed.ledger, term: progress.currentTerm, goals: progress.attentionOrdered)
        _ = ReportJSON.export(parsed.ledger, report: progress)
    }

    /// fmt: idempotent, and (for a file without errors: fmt leaves any other
    /// alone) the formatted file means the same and has no errors either.
    static func formatRoundTrip(_ file: SourceFile) {
        guard let once = Formatter.canonical(file) else { return }
        let formatted = SourceFile(path: file.path, bytes: once)
        guard let twice = Formatter.canonical(formatted) else { fail("the formatted file cannot be formatted again") }
        guard twice == once else { fail("formatting is not idempotent") }
        let rest = ledger.filter { $0.key != file.path }.map { SourceFile(path: $0.key, text: $0.value) }
        let before = LedgerParser.parse(rest + [file])
        let after = LedgerParser.parse(rest + [formatted])
        func errors(_ parsed: ParsedLedger) -> Int {
            Checker.check(parsed, today: today).diagnostics.filter { $0.isError && $0.location.path == file.path }.count
        }
        guard errors(before) == 0 else { return }
        guard before.ledger.meaning() == after.ledger.meaning() else {
            fail("formatting changed the meaning:\n\(before.ledger.meaning())\n---\n\(after.ledger.meaning())")
        }
        guard errors(after) == 0 else { fail("formatting added errors") }
    }

    /// Scalars per line (a BOM adds none, a stray continuation byte none).
    static func lineWidths(_ bytes: [UInt8]) -> [Int] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var widths: [Int] = []
        var current = 0
        var open = false
        var previous: UInt8 = 0
        for b in body {
            if b == 0x0A {
                if previous == 0x0D, current > 0 { current -= 1 }
                widths.append(current)
                current = 0
                open = false
            } else {
                open = true
                if b & 0xC0 != 0x80 { current += 1 }
            }
            previous = b
        }
        if open || widths.isEmpty { widths.append(current) }
        return widths
    }
}

/// A message to stderr.
func say(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
