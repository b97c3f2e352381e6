import HTLCommandLine
import HTLKit

/// `htl __manual`: the manual page (roff) that make install installs,
/// made from the same command specs as help and completion.
struct ManualCommand: HTLCommand {
    static let date = Option.value("date", valueName: "yyyy-mm-dd", help: "The date the page names.")

    static let spec = CommandSpec(
        "__manual",
        abstract: "Print htl's manual page (roff).",
        options: [date.spec],
        isHidden: true)

    let date: String

    init(_ parsed: inout ParsedCommand) {
        date = parsed[Self.date] ?? ""
    }

    func run() throws {
        Output.write(ManualPage.render(HTL.spec, version: HTL.version, date: date, sections: Self.sections))
    }

    static let sections = [
        ManualPage.Section(
            "Exit status",
            [
                "0: success. 1: the ledger has errors (or --strict and warnings, fmt --check found files to reformat, "
                    + "htl due found something overdue, or a refusal such as an existing hook). "
                    + "2: a usage error, no ledger, an unreadable file or a git failure."
            ]),
        ManualPage.Section(
            "Environment",
            [
                "HTL_LEDGER: where to start looking for the ledger (as -C). "
                    + "HTL_TODAY: the date to take as today (as --today).",
                "NO_COLOR: no colour. COLUMNS: the width text reports fit (20 to 1000).",
            ]),
        ManualPage.Section(
            "See also",
            [
                "htl COMMAND --help; the project's docs: CLI.md, FORMAT.md, RULES.md, EDITORS.md, ASSISTANTS.md."
            ]),
    ]
}
