import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An entry htl will not read: it leads outside the ledger, dangles,
    /// loops, is not a regular file, or is a folder with a ledger file's
    /// name. Found while walking the ledger folder, not here: `Walk` in
    /// Sources/HTLSystem/LedgerDirectory.swift (`resolve` for links that
    /// dangle or lead outside, `visit`, `visitTopFile` and `visitTopFolder`
    /// for entries of the wrong kind, `enter` for a link that loops and a
    /// name that is not UTF-8, `readFile` for a file that cannot be read);
    /// and, reading a revision, `GitRepository.listing`
    /// (Sources/HTLSystem/GitRepository.swift) for links and submodules in
    /// git and a staged temporary file. A link leading outside the ledger
    /// has no case here: its message names the ledger's folder, which is
    /// not the same on every run of the example.
    static let badEntry = RuleDescriptor(
        .badEntry, .error,
        summary: "a link leading outside the ledger, a dangling link, a FIFO or device, "
            + "or a folder named like a ledger file",
        failing: RuleExample(
            [("goals/trip.md/notes.txt", "Notes kept in a folder named like a goal.")],
            folders: ["goals/①trip.md"],
            links: [("goals/②old-run.md", "../old/run.md"), ("goals/③archive", "../goals")],
            finds: [
                "①": "goals/trip.md is a folder, but its name is a ledger file's",
                "②": "goals/old-run.md is a symbolic link to nothing (it dangles or loops)",
                "③": "goals/archive is a link to a folder htl already reads (it loops)",
            ]),
        passing: RuleExample(
            [("goals/trip/notes.txt", "Notes kept in an ordinary folder.")],
            folders: ["goals/trip"],
            links: [("goals/current.md", "run-100km.md")]),
        reportedBy: .directory)
}
