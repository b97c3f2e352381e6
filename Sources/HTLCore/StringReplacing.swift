extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    package func replacingAll(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
