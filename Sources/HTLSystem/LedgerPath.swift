import HTLCore
import HTLModel

/// Paths a person types, turned into ledger paths (relative to the root,
/// `/`-separated), the way git treats paths after `-C`.
public enum LedgerPath {
    /// `path` (absolute, or relative to `base`) relative to `root`; nil when outside the ledger.
    public static func relative(_ path: String, base: String, root: String) -> String? {
        let absolute = normalise(path.hasPrefix("/") ? path : FileSystem.join(normalise(absoluteFolder(base)), path))
        let top = normalise(absoluteFolder(root))
        if absolute == top { return "" }
        let prefix = top == "/" ? "/" : top + "/"
        guard absolute.hasPrefix(prefix) else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    static func absoluteFolder(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileSystem.join(FileSystem.currentDirectory(), path)
    }

    /// Removes `.`, `..` and repeated slashes, lexically.
    package static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
