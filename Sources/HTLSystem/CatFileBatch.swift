import HTLCore

/// One `git cat-file --batch`: object names in, one answer per name out, in
/// the order asked (an object, or nil where git knows no such object).
enum CatFileBatch {
    struct Object {
        var id: String
        var type: String
        var bytes: ArraySlice<UInt8>
    }

    /// Asks git, in `directory` (relative names such as `HEAD:./log` are
    /// read from there). Names must not hold line breaks.
    static func ask(_ names: [String], in directory: String) throws -> (answers: [Object?], status: Int32, stderr: String) {
        try read(GitProcess.run(["cat-file", "--batch"], in: directory, stdin: request(names)))
    }

    /// `ask`, started in the background: `read(finish())` gives the answers.
    static func start(_ names: [String], in directory: String) throws -> GitProcess.Background {
        try GitProcess.start(["cat-file", "--batch"], in: directory, stdin: request(names))
    }

    static func read(_ result: GitProcess.Output) throws -> (answers: [Object?], status: Int32, stderr: String) {
        guard result.status == 0 else { return ([], result.status, result.stderr) }
        return (try answers(result.stdout), 0, "")
    }

    private static func request(_ names: [String]) -> [UInt8] {
        Array(names.joined(separator: "\n").utf8) + [0x0A]
    }

    /// Git's answers: `<id> <type> <size>\n<bytes>\n` per object,
    /// `<name> missing\n` (or `ambiguous`) where there is none.
    static func answers(_ out: [UInt8]) throws -> [Object?] {
        var answers: [Object?] = []
        var i = 0
        while i < out.count {
            guard let newline = out[i...].firstIndex(of: 0x0A) else { break }
            let header = out[i..<newline]
            i = newline + 1
            let fields = header.split(separator: 0x20, omittingEmptySubsequences: false)
            if let last = fields.last, last.elementsEqual("missing".utf8) || last.elementsEqual("ambiguous".utf8) {
                answers.append(nil)
                continue
            }
            guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0,
                  size <= out.count - i else {
                throw HTLError("git cat-file gave an answer htl cannot read")
            }
            answers.append(Object(id: String(decoding: fields[0], as: UTF8.self), type: String(decoding: fields[1], as: UTF8.self),
                                  bytes: out[i..<(i + size)]))
            i += size + 1
        }
        return answers
    }
}
