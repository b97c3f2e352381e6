/// A position in a ledger file: path relative to the ledger root, 1-based
/// line, 1-based column counted in Unicode scalars.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    package var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The first line and column of a file (for findings about a whole file).
    public static func start(of path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.path != rhs.path { return ByteOrder.precedes(lhs.path, rhs.path) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }
}
