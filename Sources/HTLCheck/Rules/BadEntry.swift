import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An entry htl will not read: it leads outside the ledger, dangles, is not a regular file, or is a folder with a ledger file's name.
    static let badEntry = RuleDescriptor(
        .badEntry, .error,
        summary: "a link leading outside the ledger, a dangling link, a FIFO or device, or a folder named like a ledger file",
        failing: RuleExample([("goals/trip.md/notes.txt", "Notes kept in a folder named like a goal.\n")], folders: ["‸goals/trip.md"]),
        passing: RuleExample([("goals/trip/notes.txt", "Notes kept in an ordinary folder.\n")], folders: ["goals/trip"]),
        reportedBy: .directory)
}
