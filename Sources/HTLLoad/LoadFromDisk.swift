import HTLCore
import HTLParse
import HTLSystem

extension LedgerLoader {
    /// Builds the model from what was read from disk, keeping the findings
    /// about entries that were not read.
    public static func load(_ source: LedgerFiles) -> Result {
        load(source.files, entryFindings: source.findings)
    }
}
