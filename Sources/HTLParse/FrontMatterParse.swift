import HTLCore

/// A Markdown file's front matter as the parser read it: the bytes of the
/// YAML between the two `---` lines, and libyaml's tree of them. The
/// formatter reuses it instead of parsing the same text again.
package struct FrontMatterParse: Sendable {
    /// The YAML's bytes in the file.
    package var yaml: Range<Int>
    package var result: YAMLParser.Result
}
