import HTLCore
import HTLModel

/// A ledger read from its files: the model, the files themselves, every
/// finding made while reading them (no severities yet), and the bookkeeping
/// only the rules need.
public struct ParsedLedger: Sendable {
    public var ledger: Ledger
    /// Every ledger file read, in path byte order.
    public var files: [SourceFile]
    /// Findings from reading and parsing, in file order.
    public var findings: [Finding]
    public var context: ParseContext

    /// The file at a path, when it was read.
    public func file(at path: String) -> SourceFile? {
        var low = 0
        var high = files.count
        while low < high {
            let mid = (low + high) / 2
            if ByteOrder.precedes(files[mid].path, path) { low = mid + 1 } else { high = mid }
        }
        return low < files.count && files[low].path == path ? files[low] : nil
    }
}

/// What reading left behind that the rules need, and nothing else does.
public struct ParseContext: Sendable {
    /// A link written on a log line that had other errors: it counts toward
    /// nothing, but an unknown goal there is still reported.
    package struct RejectedLink: Sendable {
        public var location: SourceLocation
        public var goal: String
    }

    /// Ids of value, term and goal files that could not be read into the
    /// model (broken YAML, missing required keys): references to them are
    /// not reported again as unknown.
    package var unloadedValueIDs: Set<String> = []
    package var unloadedTermIDs: Set<String> = []
    package var unloadedGoalIDs: Set<String> = []
    /// The goal files that could not be read, in the order read (by path).
    package var unloadedGoalPaths: [String] = []
    package var linksOnRejectedLines: [RejectedLink] = []
    /// measures.yaml exists but could not be read (broken YAML, a bad entry):
    /// unknown units and measures are not reported until it is fixed.
    package var measuresUnreadable = false

    public init() {}
}
