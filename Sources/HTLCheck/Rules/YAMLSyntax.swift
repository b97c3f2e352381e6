import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Front matter or a YAML file is not valid YAML, or the closing --- is
    /// missing. Found while reading, not here: `YAMLFile.readFrontMatter`
    /// and `YAMLFile.takeRootMapping` (Sources/HTLParse/YAMLFile.swift) for
    /// the `---` lines and a root that is not a mapping; `YAMLParser`
    /// (Sources/HTLParse/YAMLParser.swift) for what libyaml rejects
    /// (`YAMLTreeBuilder.fail`: where the mistake is, or where a quote,
    /// bracket or key left open starts), a key written twice (`checkedKey`), a second
    /// document, nesting too deep and a foreign line break.
    static let yamlSyntax = RuleDescriptor(
        .yamlSyntax, .error,
        summary: "front matter or a YAML file is not valid YAML, or the closing --- is missing",
        failing: RuleExample(
            [
                ("goals/run-100km.md", RuleExample.goal(["title": "title: ①\"Run: 100 km"])),
                (
                    "values/family.md",
                    """
                    ---
                    title: Family
                    ②title: Friends
                    ---
                    """
                ),
                (
                    "values/work.md",
                    """
                    ---
                    ③- title: Work
                    ---
                    """
                ),
                (
                    "terms/④term-8.md",
                    """
                    ---
                    number: 8
                    start: 2027-01-11
                    """
                ),
                (
                    "terms/term-9.md",
                    """
                    ⑤number: 9
                    start: 2027-03-22
                    ---
                    """
                ),
                (
                    "measures.yaml",
                    """
                    km:
                      type: distance
                     ⑥aliases: [kilometre]
                    """
                ),
            ],
            finds: [
                "①": """
                invalid YAML: found unexpected end of stream while scanning a quoted scalar that starts here \
                (problem at line 10, column 16)
                """,
                "②": "duplicate key 'title' (first on line 2)",
                "③": "expected 'key: value' lines, found a list",
                "④": "the front matter is not closed: no '---' line after line 1",
                "⑤": "the file must start with a '---' line that opens the front matter",
                "⑥": """
                invalid YAML: did not find expected key while parsing a block mapping that starts at line 1, \
                column 1
                """,
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal(["title": "title: \"Run: 100 km\""])),
            (
                "values/family.md",
                """
                ---
                title: Family and friends
                ---
                """
            ),
        ]),
        reportedBy: .fileReader)
}
