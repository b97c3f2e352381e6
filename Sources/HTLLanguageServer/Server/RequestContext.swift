import HTLCore
import HTLJSON
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender

/// A request about a place in a document: its ledger path, text and the
/// position asked about, with the latest load of the ledger.
struct RequestContext {
    let params: JSON
    let uris: LedgerURIs?
    let documents: OpenDocuments
    let loaded: LoadedLedger?
    /// The load's progress, for the requests that show it (hover, references).
    let progress: ProgressReport?
    /// When the request came (the running timer's minutes).
    var now: Now = .day(CivilDate(dayNumber: 0))

    var uri: String? { params["textDocument"]?["uri"]?.string }

    /// The ledger path of the document, nil outside the ledger.
    var path: String? { uri.flatMap { uris?.path($0) } }

    /// The document's text: the open buffer, else the file as loaded.
    var bytes: [UInt8]? {
        guard let path else { return nil }
        return documents.bytes(path) ?? loaded?.files.first { $0.path == path }?.bytes
    }

    /// The position asked about, in htl's terms (1-based line, scalar column).
    var position: (line: Int, column: Int, positions: TextPositions)? {
        guard let bytes, let p = params["position"] else { return nil }
        let positions = TextPositions(bytes)
        let htl = positions.htlPosition(line: p["line"]?.int ?? 0, character: p["character"]?.int ?? 0)
        return (htl.line, htl.column, positions)
    }
}
