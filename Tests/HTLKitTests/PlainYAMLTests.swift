import LedgerGenerator
import Testing

@testable import HTLParse

/// The YAML subset read without libyaml gives the nodes libyaml gives,
/// positions included; everything outside it is left to libyaml.
@Suite struct PlainYAMLTests {
    /// A node as text: kind, style, flow, marks and children, for comparing trees.
    static func shape(_ node: YAMLNode?) -> String {
        guard let node else { return "nil" }
        let marks =
            "\(node.start.line):\(node.start.column)-\(node.end.line):\(node.end.column)\(node.isFlow ? " flow" : "")"
            + (node.tag.map { " !\($0)" } ?? "") + (node.anchor.map { " &\($0)" } ?? "")
        switch node.content {
        case .scalar(let text, let style): return "scalar(\(text.debugDescription) \(style) \(marks))"
        case .alias(let name): return "alias(\(name) \(marks))"
        case .sequence(let items): return "seq(\(marks) [" + items.map { shape($0) }.joined(separator: ", ") + "])"
        case .mapping(let pairs):
            return "map(\(marks) {" + pairs.map { shape($0.key) + ": " + shape($0.value) }.joined(separator: ", ")
                + "})"
        }
    }

    static func shape(of result: YAMLParser.Result) -> String {
        "\(result.failed) \(result.diagnostics.map { $0.message }) " + shape(result.root)
    }

    /// Checks one text both ways; true when the subset took it.
    @discardableResult
    static func agrees(_ text: String, firstLine: Int = 2) -> Bool {
        let bytes = Array(text.utf8)[...]
        let plain = PlainYAML.parse(bytes, firstLine: firstLine)
        if let plain {
            #expect(
                shape(of: plain)
                    == shape(of: YAMLParser.parseWithLibYAML(bytes, path: "goals/x.md", firstLine: firstLine)),
                "\(text.debugDescription)")
        }
        return plain != nil
    }

    @Test func frontMatterAsHtlWritesItIsReadWithoutLibYAMLAndTheSame() {
        let goal =
            "title: Goal 1 with a realistic title\nimportance: 9\nstart: 2026-05-29\ntargets:\n  hours: 150\n  pages: "
            + "84.5\nvalues:\n  v08: 5\ntags: [tag9, two words]\nbreaks: []\n"
        #expect(Self.agrees(goal))
        #expect(Self.agrees(String(goal.dropLast())), "without the last line break")
        #expect(Self.agrees("targets:\n  run-km: 100\n"), "a block that ends the text")
        #expect(Self.agrees("a: 1\nb:\n  c: [x]\n  d: y\n"))
        #expect(Self.agrees("cadence:\n  actions: <=1/week\n"))
    }

    @Test func everythingOutsideTheSubsetGoesToLibYAML() {
        for text in [
            "title: \"quoted\"\n", "title: a # comment\n", "a: 1\n\nb: 2\n", "a: x:y\n", "a: café\n", "a:\tb\n",
            "a: 1\r\nb: 2\r\n", "a: 1\na: 2\n", "a:\n  b:\n    c: 1\n", "a:\n- x\n", "a: [x,y]\n", "a: [ x ]\n",
            "a: b \n", "a:  b\n", "a: -5\n", "a: ~\n", "a: &x b\n", "a: !!str b\n", "a: |\n  x\n", "a:\nb: 1\n",
            " a: 1\n",
            "a: [x, y] z\n", "a: [x, [y]]\n", "a: {b: 1}\n", "", "---\na: 1\n", "a: 1\n...\n", "a: x  y\n",
        ] {
            #expect(!Self.agrees(text), "\(text.debugDescription)")
        }
        // libyaml refuses a key of more than 1,024 characters; the subset leaves long keys to it.
        for length in [PlainYAML.longestKey + 1, 1_025] {
            let key = String(repeating: "k", count: length)
            #expect(!Self.agrees(key + ": x\n"), "a key of \(length) characters")
            #expect(!Self.agrees("a:\n  b: c\n  " + key + ": x\n"), "a nested key of \(length) characters")
        }
        #expect(Self.agrees(String(repeating: "k", count: PlainYAML.longestKey) + ": x\n"))
        let many = (0..<(PlainYAML.maxPairs + 1)).map { "k\($0): v" }.joined(separator: "\n")
        #expect(!Self.agrees(many), "a mapping longer than the subset looks through")
    }

    /// Random documents near the subset: whatever it accepts, libyaml reads the same.
    @Test func randomDocumentsAgreeWithLibYAML() {
        var rng = SeededGenerator(seed: 27)
        let keys = ["title", "a", "k-1", "v_2", "2026", "-x", "x"]
        let scalars = [
            "1", "9", "84.5", "2026-05-29", "Goal 1 with a title", "x", "a.b", "(a)", "/p", "_u", "one, two", "it's",
            "x  y",
            "x ", "-1", "a:b", "#x", "x,y", "é", "[x]", "[]", "[a, b]", "[a,b]", "[ a]", "[a b, c]", "[a, ]", "", "y\"",
            "~",
            "<=1/week", "+5", "=y", ">x", "|x", "%x", "@x", "`x", "!x", "&x", "*x", "?x", "? x", "- x", "-x", "x\ty",
            "x\u{7F}",
        ]
        var accepted = 0
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let key = keys.randomElement(using: &rng)!
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    text += key + ":\n"
                    for _ in 0..<Int.random(in: 0...3, using: &rng) {
                        text +=
                            (Bool.random(using: &rng) ? "  " : " ") + keys.randomElement(using: &rng)! + ": "
                            + scalars.randomElement(using: &rng)! + "\n"
                    }
                } else {
                    text += key + ": " + scalars.randomElement(using: &rng)! + "\n"
                }
            }
            if Int.random(in: 0..<5, using: &rng) == 0 { text = String(text.dropLast()) }
            if Self.agrees(text, firstLine: Int.random(in: 1...3, using: &rng)) { accepted += 1 }
        }
        // Both branches are exercised (the counts follow from the seed).
        #expect(accepted > 100 && accepted < 2_900, "\(accepted)")
    }
}
