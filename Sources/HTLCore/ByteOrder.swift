import Glibc

/// Texts in the order of their UTF-8 bytes: the order of paths in every
/// output, the same on every machine (no locale, no Unicode collation).
/// The same answer as `a.utf8.lexicographicallyPrecedes(b.utf8)`, from one
/// `memcmp` over the Strings' own storage: through the UTF-8 views the
/// compare was generic, some 800 instructions for two short paths, asked
/// once per file of ten thousand whenever files were sorted or looked up.
package enum ByteOrder {
    package static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                if common > 0, let xStart = x.baseAddress, let yStart = y.baseAddress {
                    let order = memcmp(xStart, yStart, common)
                    if order != 0 { return order < 0 }
                }
                return x.count < y.count
            }
        }
    }
}
