import HTLKit
import Testing

/// Which files htl reads, from their paths alone.
@Suite struct LedgerLayoutTests {
    @Test func kindsOfPaths() {
        let cases: [(String, LedgerLayout.FileKind?)] = [
            ("htl.yaml", .settings), ("measures.yaml", .measures),
            ("values/health.md", .value), ("terms/term-7.md", .term), ("goals/run-100km.md", .goal),
            ("log/2026.log", .log), ("log/old/2025.log", .log), ("reviews/2026-w47.md", .review),
            ("goals/run.markdown", nil), ("goals/run.md.bak", nil), ("log/2026.md", nil), ("values/x.log", nil),
            ("goals/.hidden.md", nil), (".git/goals/x.md", nil), ("goals/.drafts/x.md", nil), ("goals//x.md", nil),
            ("goals/", nil), ("goals", nil), ("", nil), ("README.md", nil), ("notes/goals/x.md", nil),
            ("goals/läufe.md", .goal), ("Goals/x.md", nil), ("goals/.md", nil),
            // Folder and extension exactly (compared as packed bytes): nearly right is nil.
            ("goals/x.md", .goal), ("log/x.log", .log), ("log/.log", nil), ("goal/x.md", nil), ("goalss/x.md", nil),
            ("valuesvalues/x.md", nil), ("reviews2/x.md", nil), ("goals/x.MD", nil), ("log/x.lo", nil),
            ("log/xlog", nil),
        ]
        for (path, kind) in cases {
            #expect(LedgerLayout.kind(of: path) == kind, "\(path)")
        }
    }

    /// An entity's id is its file name without `.md`, read from the path's bytes.
    @Test func idsOfEntityFiles() {
        let cases: [(String, String)] = [
            ("goals/run-100km.md", "run-100km"), ("values/health.md", "health"), ("terms/term-7.md", "term-7"),
            ("goals/läufe.md", "läufe"), ("goals/.md", ""), ("goals/md", "md"), ("goals/x.md.bak", "x.md.bak"),
            ("run.md", "run"), ("", ""), ("goals/", ""), ("a/b/c.md", "c"), ("goals/é.md", "é"),
        ]
        for (path, id) in cases {
            #expect(LedgerLayout.entityID(of: path) == id, "\(path)")
        }
    }
}
