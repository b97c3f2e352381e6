import HTLCore

/// What formatting one file found, kept per file while its bytes stay the
/// same (`ParseCache.formatVerdict`): the `unformatted` finding, and whether
/// the file is its own canonical form, which `htl fmt` then needs not find
/// again. (No finding is not enough: a file htl cannot format has none either.)
package struct FormatVerdict: Sendable {
    package var finding: Finding?
    package var isCanonical: Bool

    package init(finding: Finding?, isCanonical: Bool) {
        self.finding = finding
        self.isCanonical = isCanonical
    }

    /// A file already in its canonical form.
    package static let canonical = FormatVerdict(finding: nil, isCanonical: true)
}
