import HTLCore

/// One `git cat-file --batch`: object names in, one answer per name out, in
/// the order asked (an object, or nil where git knows no such object).
/// Or one `git cat-file --batch-command` (git 2.36 and later), which asks
/// for some objects' contents and only the id, type and size of others.
enum CatFileBatch {
    struct Object {
        var id: String
        var type: String
        /// Its size in bytes (also when only the size was asked for).
        var size: Int
        /// Its contents (empty when they were not asked for).
        var bytes: ArraySlice<UInt8>
    }

    /// One question of a `--batch-command`.
    enum Command {
        /// The object's id, type, size and contents.
        case contents(String)
        /// Only its id, type and size: git does not read the object's contents.
        case info(String)

        var line: String {
            switch self {
            case .contents(let name): "contents " + name
            case .info(let name): "info " + name
            }
        }

        var wantsContents: Bool {
            if case .contents = self { return true }
            return false
        }
    }

    /// Asks git, in `directory` (relative names such as `HEAD:./log` are
    /// read from there). Names must not hold line breaks.
    static func ask(_ names: [String], in directory: String) throws -> (
        answers: [Object?], status: Int32, stderr: String
    ) {
        try read(GitProcess.run(["cat-file", "--batch"], in: directory, stdin: request(names)))
    }

    /// `ask`, started in the background: `read(finish())` gives the answers.
    static func start(_ names: [String], in directory: String) throws -> GitProcess.Background {
        try GitProcess.start(["cat-file", "--batch"], in: directory, stdin: request(names))
    }

    /// `commands`, asked in the background: `read(finish(), contents:)`
    /// with the commands' `wantsContents` gives the answers.
    static func start(_ commands: [Command], in directory: String) throws -> GitProcess.Background {
        try GitProcess.start(["cat-file", "--batch-command"], in: directory, stdin: request(commands.map(\.line)))
    }

    /// `contents`: per answer, whether git sends the object's bytes (nil: every one).
    static func read(_ result: GitProcess.Output, contents: [Bool]? = nil) throws -> (
        answers: [Object?], status: Int32, stderr: String
    ) {
        guard result.status == 0 else { return ([], result.status, result.stderr) }
        return (try answers(result.stdout, contents: contents), 0, "")
    }

    private static func request(_ names: [String]) -> [UInt8] {
        Array(names.joined(separator: "\n").utf8) + [0x0A]
    }

    /// Git's answers: `<id> <type> <size>\n<bytes>\n` per object
    /// (`<id> <type> <size>\n` where only that was asked), `<name> missing\n`
    /// (or `ambiguous`) where there is none.
    static func answers(_ out: [UInt8], contents: [Bool]? = nil) throws -> [Object?] {
        var answers: [Object?] = []
        var i = 0
        while i < out.count {
            let withBytes = contents.map { answers.count < $0.count ? $0[answers.count] : true } ?? true
            guard let newline = out[i...].firstIndex(of: 0x0A) else { break }
            let header = out[i..<newline]
            i = newline + 1
            let fields = header.split(separator: 0x20, omittingEmptySubsequences: false)
            if let last = fields.last, last.elementsEqual("missing".utf8) || last.elementsEqual("ambiguous".utf8) {
                answers.append(nil)
                continue
            }
            guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0,
                !withBytes || size <= out.count - i
            else {
                throw HTLError("git cat-file gave an answer htl cannot read")
            }
            answers.append(
                Object(
                    id: String(decoding: fields[0], as: UTF8.self), type: String(decoding: fields[1], as: UTF8.self),
                    size: size, bytes: withBytes ? out[i..<(i + size)] : out[i..<i]))
            if withBytes { i += size + 1 }
        }
        return answers
    }
}
