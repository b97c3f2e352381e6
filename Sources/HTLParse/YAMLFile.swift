import HTLCore
import HTLModel

/// Reads the YAML of a file (a whole YAML file or a Markdown file's front
/// matter) into nodes, reporting encoding and syntax problems.
struct YAMLFile {
    /// The root mapping's pairs; nil when the YAML could not be read.
    var pairs: [YAMLPair]?
    /// The root node, for files whose root is allowed to be empty.
    var root: YAMLNode?
    /// The bytes used for parsing (invalid UTF-8 replaced).
    var bytes: [UInt8]
    /// For Markdown files: the body after the front matter.
    var body: Range<Int>?
    var bodyFirstLine: Int = 0
    var diagnostics: [Finding] = []
    /// For Markdown files: the front matter's parse, when it got that far.
    var frontMatter: FrontMatterParse?

    /// The file's bytes when they are valid UTF-8; otherwise an `encoding`
    /// finding at the first bad byte and nil: nothing after it can be placed
    /// reliably (a repaired byte would shift every later column).
    static func checkedBytes(_ file: SourceFile, into diagnostics: inout [Finding]) -> [UInt8]? {
        // Text files other than the log are read into arrays of their own (never mapped).
        let bytes = file.bytes
        guard let bad = UTF8Validation.firstInvalidByte(bytes) else { return bytes }
        diagnostics.append(
            Finding(
                .encoding, file.location(ofByte: bad),
                "the file is not valid UTF-8 (byte 0x\(hex(file.bytes[bad])))",
                help: "save the file as UTF-8"))
        return nil
    }

    /// A whole file of YAML (htl.yaml, measures.yaml).
    static func readYAML(_ file: SourceFile) -> YAMLFile {
        var diagnostics: [Finding] = []
        guard let bytes = checkedBytes(file, into: &diagnostics) else {
            return YAMLFile(pairs: nil, root: nil, bytes: file.bytes, diagnostics: diagnostics)
        }
        let start = LineIndex.hasByteOrderMark(bytes) ? 3 : 0
        let parsed = YAMLParser.parse(bytes[start...], path: file.path, firstLine: 1)
        diagnostics += parsed.diagnostics
        var result = YAMLFile(pairs: nil, root: parsed.root, bytes: bytes, diagnostics: diagnostics)
        if !parsed.failed { result.takeRootMapping(file.path, allowEmpty: true) }
        return result
    }

    /// A Markdown file with front matter (values, terms, goals).
    static func readFrontMatter(_ file: SourceFile) -> YAMLFile {
        var diagnostics: [Finding] = []
        guard let bytes = checkedBytes(file, into: &diagnostics) else {
            return YAMLFile(pairs: nil, root: nil, bytes: file.bytes, diagnostics: diagnostics)
        }
        let first = SourceLocation(path: file.path, line: 1, column: 1)
        switch FrontMatter.split(bytes) {
        case .failure(.noOpening):
            diagnostics.append(
                Finding(.yamlSyntax, first, "the file must start with a '---' line that opens the front matter"))
            return YAMLFile(pairs: nil, root: nil, bytes: bytes, diagnostics: diagnostics)
        case .failure(.noClosing):
            diagnostics.append(
                Finding(
                    .yamlSyntax, first, "the front matter is not closed: no '---' line after line 1", wholeFile: true))
            return YAMLFile(pairs: nil, root: nil, bytes: bytes, diagnostics: diagnostics)
        case .success(let frontMatter):
            let parsed = YAMLParser.parse(
                bytes[frontMatter.yaml], path: file.path, firstLine: frontMatter.yamlFirstLine)
            diagnostics += parsed.diagnostics
            var result = YAMLFile(
                pairs: nil, root: parsed.root, bytes: bytes, body: frontMatter.body,
                bodyFirstLine: frontMatter.bodyFirstLine, diagnostics: diagnostics,
                frontMatter: FrontMatterParse(yaml: frontMatter.yaml, result: parsed))
            if !parsed.failed { result.takeRootMapping(file.path, allowEmpty: false) }
            return result
        }
    }

    private mutating func takeRootMapping(_ path: String, allowEmpty: Bool) {
        guard let root else {
            if allowEmpty {
                pairs = []
            } else {
                diagnostics.append(
                    Finding(
                        .missingField, SourceLocation(path: path, line: 1, column: 1),
                        "the front matter is empty", wholeFile: true))
            }
            return
        }
        if let mapping = root.pairs {
            pairs = mapping
        } else if root.isNull, allowEmpty {
            pairs = []
        } else {
            diagnostics.append(
                Finding(
                    .yamlSyntax, SourceLocation(path: path, line: root.start.line, column: root.start.column),
                    "expected 'key: value' lines, found \(root.kindDescription)"))
        }
    }
}
