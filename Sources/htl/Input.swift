import Glibc
import HTLKit

/// What the command line reads besides its arguments: standard input, and a
/// line typed at a prompt.
enum Input {
    static var isTerminal: Bool { isatty(0) == 1 }

    /// All of standard input, to its end; more than `limit` bytes is exit 2.
    static func standardInput(atMost limit: Int, what: String) throws -> [UInt8] {
        try FileSystem.readStandardInput(atMost: limit, what: what)
    }

    /// Asks on stderr and reads one line from the terminal.
    static func prompt(_ question: String) throws -> [UInt8] {
        Output.errorRendered(question)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(0, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return bytes
    }

    /// The bytes as one line of UTF-8 text (a final line ending dropped).
    static func oneLine(from bytes: [UInt8], what: String) throws -> String {
        var line = bytes
        while let last = line.last, last == 0x0A || last == 0x0D { line.removeLast() }
        guard UTF8Validation.isValid(line) else { throw HTLError("\(what) is not valid UTF-8") }
        guard !line.contains(0x0A) else {
            throw HTLError("\(what) has more than one line; htl log takes one action at a time")
        }
        let text = String(decoding: line, as: UTF8.self)
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { throw HTLError("nothing to log: \(what) is empty") }
        return text
    }
}
