import Foundation

/// A real, temporary git repository for end-to-end tests, isolated from the
/// machine's git configuration.
public struct TemporaryGitRepository: Sendable {
    public let ledger: TemporaryLedger
    public var root: String { ledger.root }

    public static let environment = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "GIT_AUTHOR_DATE": "2026-11-20T12:00:00Z", "GIT_COMMITTER_DATE": "2026-11-20T12:00:00Z",
    ]

    public init(_ files: [String: String]) throws {
        ledger = try TemporaryLedger(files, prefix: "htl-git")
        try git("init", "-q", "-b", "main")
    }

    @discardableResult
    public func git(_ arguments: String...) throws -> HTLBinary.Result {
        let result = try Command.run("git", Array(arguments), in: root, environment: Self.environment)
        if result.status != 0 { throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result
    }

    /// `git add -A` and commit; returns the commit id.
    @discardableResult
    public func commitAll(_ message: String) throws -> String {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
        return try git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs htl in the repository with the isolated git environment.
    public func htl(_ arguments: [String], in folder: String? = nil) throws -> HTLBinary.Result {
        try HTLBinary.run(arguments, in: folder ?? root, environment: Self.environment)
    }

    public func write(_ path: String, _ text: String) throws { try ledger.write(path, text) }
    public func read(_ path: String) throws -> String { try ledger.read(path) }
    public func remove() { ledger.remove() }

    public struct GitFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
