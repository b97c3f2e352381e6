/// Finds a ledger's root folder and reads its files from disk.
public enum LedgerDirectory {
    /// The first folder at or above `start` that holds a regular file `htl.yaml`.
    public static func findRoot(from start: String) throws -> String {
        var current = LedgerPath.normalise(LedgerPath.absoluteFolder(start))
        var looked: [String] = []
        while true {
            let candidate = FileSystem.join(current, LedgerLayout.settingsFile)
            switch FileSystem.kind(of: candidate) {
            case .file:
                return current
            case .directory, .other:
                throw HTLError("\(candidate) is not a regular file")
            case .missing:
                looked.append(current)
            }
            guard let parent = FileSystem.parent(current), parent != current else { break }
            current = parent
        }
        let from = looked.first ?? start
        throw HTLError("no ledger found: no htl.yaml in \(from) or any folder above it (run 'htl init' to create one)")
    }

    /// Every file htl reads, as relative paths in byte order. Folders that are
    /// symbolic links are not followed; only regular files are read.
    public static func readFiles(root: String) throws -> [SourceFile] {
        var files: [SourceFile] = []
        for name in [LedgerLayout.settingsFile, LedgerLayout.measuresFile] {
            let full = FileSystem.join(root, name)
            if FileSystem.kind(of: full) == .file {
                files.append(SourceFile(path: name, bytes: try FileSystem.read(full)))
            }
        }
        for folder in [LedgerLayout.valuesFolder, LedgerLayout.termsFolder, LedgerLayout.goalsFolder, LedgerLayout.logFolder] {
            try collect(root: root, relative: folder, into: &files)
        }
        return files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    private static func collect(root: String, relative: String, into files: inout [SourceFile]) throws {
        let full = FileSystem.join(root, relative)
        guard FileSystem.kind(of: full) == .directory, !FileSystem.isSymbolicLink(full) else { return }
        for name in try FileSystem.list(full) where !name.hasPrefix(".") {
            let path = relative + "/" + name
            let fullPath = FileSystem.join(root, path)
            switch FileSystem.kind(of: fullPath) {
            case .directory:
                if !FileSystem.isSymbolicLink(fullPath) { try collect(root: root, relative: path, into: &files) }
            case .file:
                if LedgerLayout.kind(of: path) != nil {
                    files.append(SourceFile(path: path, bytes: try FileSystem.read(fullPath)))
                }
            case .other, .missing:
                break
            }
        }
    }
}
