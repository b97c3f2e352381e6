import HTLCommandLine
import Testing

@testable import htl

/// Every command reads every option and argument it declares: one declared
/// and never read would be accepted, shown in help, completed and offered
/// in the manual, and change nothing. Each registered command is built from
/// a parse of its own name (no options given), which is where it reads.
@Suite struct CommandDeclarationTests {
    @Test func everyCommandReadsEveryOptionAndArgumentItDeclares() throws {
        for command in HTL.commands {
            var parsed = try Self.parse(command)
            _ = try command.init(&parsed)
            let name = parsed.name
            #expect(parsed.unread.isEmpty, "\(name) declares \(parsed.unread) and never reads them")
            #expect(parsed.undeclared.isEmpty, "\(name) reads \(parsed.undeclared), which it does not declare")
        }
    }

    /// The command's names and a word for each argument: the first of the
    /// words it completes to (`htl completions bash`), else `x`.
    static func parse(_ command: any HTLCommand.Type) throws -> ParsedCommand {
        let arguments = command.spec.arguments.map { argument in
            if case .list(let words) = argument.completion, let first = words.first { return first }
            return "x"
        }
        let words = command.path + arguments
        guard case .run(let parsed) = try CommandLineParser(HTL.spec).parse(words) else {
            throw UsageError("\(words) does not run a command")
        }
        return parsed
    }
}
