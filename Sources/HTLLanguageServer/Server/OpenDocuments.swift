import HTLSystem

/// The editor's open buffers, by ledger path: what the server checks
/// instead of the files on disk. Files outside the ledger are not kept.
struct OpenDocuments {
    struct Document {
        var uri: String
        var version: Int
        var bytes: [UInt8]
        /// Why this copy may differ from the editor's (a change htl could
        /// not apply); nil while it is the same. Until a change brings the
        /// whole text again (or the file is opened again), htl sends no
        /// edit computed from it.
        var outOfSync: String?
    }

    private(set) var byPath: [String: Document] = [:]

    mutating func open(_ path: String, uri: String, version: Int, bytes: [UInt8], outOfSync: String? = nil) {
        byPath[path] = Document(uri: uri, version: version, bytes: bytes, outOfSync: outOfSync)
    }

    mutating func change(_ path: String, version: Int, bytes: [UInt8], outOfSync: String?) {
        byPath[path]?.version = version
        byPath[path]?.bytes = bytes
        byPath[path]?.outOfSync = outOfSync
    }

    mutating func markOutOfSync(_ path: String, _ reason: String) {
        if byPath[path] != nil, byPath[path]?.outOfSync == nil { byPath[path]?.outOfSync = reason }
    }

    func outOfSync(_ path: String) -> String? {
        byPath[path]?.outOfSync
    }

    mutating func close(_ path: String) {
        byPath[path] = nil
    }

    func bytes(_ path: String) -> [UInt8]? {
        byPath[path]?.bytes
    }

    var overrides: [String: [UInt8]] {
        byPath.mapValues(\.bytes)
    }
}

/// Ledger paths and `file://` URIs for one ledger root.
struct LedgerURIs {
    let root: LedgerRoot

    /// The ledger path of a URI, nil outside the ledger (or not a file).
    func path(_ uri: String) -> String? {
        guard let absolute = FileURI.path(uri),
            let path = LedgerPath.relative(absolute, base: "/", root: root.path)
                ?? LedgerPath.relative(absolute, base: "/", root: root.realPath),
            [".md", ".log", ".yaml"].contains(where: { path.hasSuffix($0) })
        else { return nil }
        return path
    }

    func uri(_ path: String) -> String {
        FileURI.uri(root.absolute(path))
    }
}
