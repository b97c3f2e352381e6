/// A QR code (ISO/IEC 18004) of a short text, for the URL `htl serve`
/// prints beyond loopback: byte mode, error correction level L, the
/// smallest of versions 1 to 10 that holds the text (up to 271 bytes), and
/// mask 0 (any mask reads; choosing by penalty only helps poor scanners).
public struct QRCode: Sendable {
    /// Modules by row, `true` for dark.
    public let modules: [[Bool]]
    public var size: Int { modules.count }

    /// Raw codewords of versions 1...10, and at level L the error
    /// correction codewords per block and the number of blocks.
    static let rawCodewords = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346]
    static let eccPerBlock = [7, 10, 15, 20, 26, 18, 20, 24, 30, 18]
    static let blocks = [1, 1, 1, 1, 1, 2, 2, 2, 2, 4]
    static let alignment: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
    ]

    /// Nil for a text longer than version 10 holds.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard
            let version = (1...10).first(where: { v in
                let capacity = Self.rawCodewords[v - 1] - Self.eccPerBlock[v - 1] * Self.blocks[v - 1]
                return 4 + (v < 10 ? 8 : 16) + 8 * bytes.count <= 8 * capacity
            })
        else { return nil }
        var grid = Grid(version: version)
        grid.drawFunctionPatterns(alignment: Self.alignment[version - 1])
        grid.drawCodewords(Self.codewords(bytes, version: version))
        grid.applyMask0()
        grid.drawFormatBits()
        modules = grid.dark
    }

    /// The data codewords with their error correction, interleaved by block.
    static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let capacity = rawCodewords[version - 1] - eccPerBlock[version - 1] * blocks[version - 1]
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
        }
        append(0b0100, 4)
        append(bytes.count, version < 10 ? 8 : 16)
        for b in bytes { append(Int(b), 8) }
        append(0, min(4, 8 * capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var data = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        for pad in 0..<(capacity - data.count) { data.append(pad % 2 == 0 ? 0xEC : 0x11) }

        let count = blocks[version - 1]
        let ecc = eccPerBlock[version - 1]
        let raw = rawCodewords[version - 1]
        let shortBlocks = count - raw % count
        let shortLength = raw / count
        let divisor = ReedSolomon.divisor(degree: ecc)
        var made: [(data: [UInt8], ecc: [UInt8])] = []
        var start = 0
        for i in 0..<count {
            let length = shortLength - ecc + (i < shortBlocks ? 0 : 1)
            let block = Array(data[start..<start + length])
            start += length
            made.append((block, ReedSolomon.remainder(block, divisor)))
        }
        var out: [UInt8] = []
        for i in 0...(shortLength - ecc) {
            for block in made where i < block.data.count { out.append(block.data[i]) }
        }
        for i in 0..<ecc {
            for block in made { out.append(block.ecc[i]) }
        }
        return out
    }

    /// Two rows per line with half blocks, drawn for a dark terminal: the
    /// light modules and a quiet zone of four are the drawn ones.
    public func terminalLines() -> [String] {
        let quiet = 4
        let full = size + 2 * quiet
        func light(_ row: Int, _ column: Int) -> Bool {
            let r = row - quiet
            let c = column - quiet
            guard r >= 0, r < size, c >= 0, c < size else { return true }
            return !modules[r][c]
        }
        return stride(from: 0, to: full, by: 2).map { row in
            String(
                (0..<full).map { column -> Character in
                    switch (light(row, column), row + 1 < full && light(row + 1, column)) {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                })
        }
    }
}

/// The module grid while it is drawn: which modules are dark, which belong
/// to function patterns (never data, never masked).
private struct Grid {
    let version: Int
    let size: Int
    var dark: [[Bool]]
    var function: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: Array(repeating: false, count: size), count: size)
        function = dark
    }

    mutating func set(_ row: Int, _ column: Int, _ isDark: Bool) {
        dark[row][column] = isDark
        function[row][column] = true
    }

    mutating func drawFunctionPatterns(alignment: [Int]) {
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        for (r, c) in [(3, 3), (3, size - 4), (size - 4, 3)] {
            for dr in -4...4 {
                for dc in -4...4 where (0..<size).contains(r + dr) && (0..<size).contains(c + dc) {
                    let distance = max(abs(dr), abs(dc))
                    set(r + dr, c + dc, distance != 2 && distance != 4)
                }
            }
        }
        let last = alignment.count - 1
        for (i, r) in alignment.enumerated() {
            for (j, c) in alignment.enumerated()
            where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                for dr in -2...2 {
                    for dc in -2...2 { set(r + dr, c + dc, max(abs(dr), abs(dc)) != 1) }
                }
            }
        }
        drawFormatBits()  // reserves the format areas; drawn again after masking
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for i in 0..<18 {
                let bit = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3
                let b = i / 3
                set(b, a, bit)
                set(a, b, bit)
            }
        }
    }

    /// Level L (01) with mask 0, BCH-coded and masked, in both copies; and the dark module.
    mutating func drawFormatBits() {
        let data = 0b01 << 3 | 0
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(i, 8, bit(i)) }
        set(7, 8, bit(6))
        set(8, 8, bit(7))
        set(8, 7, bit(8))
        for i in 9..<15 { set(8, 14 - i, bit(i)) }
        for i in 0..<8 { set(8, size - 1 - i, bit(i)) }
        for i in 8..<15 { set(size - 15 + i, 8, bit(i)) }
        set(size - 8, 8, true)
    }

    /// The codewords' bits in the zigzag of two-module columns from the bottom right.
    mutating func drawCodewords(_ data: [UInt8]) {
        var i = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let column = right - j
                    let upward = (right + 1) & 2 == 0
                    let row = upward ? size - 1 - vertical : vertical
                    if !function[row][column], i < data.count * 8 {
                        dark[row][column] = (data[i >> 3] >> (7 - UInt8(i & 7))) & 1 == 1
                        i += 1
                    }
                }
            }
            right -= 2
        }
    }

    mutating func applyMask0() {
        for r in 0..<size {
            for c in 0..<size where !function[r][c] && (r + c) % 2 == 0 { dark[r][c].toggle() }
        }
    }
}

/// Reed-Solomon error correction over GF(256) with the polynomial 0x11D.
private enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(i)) & 1) * Int(x)
        }
        return UInt8(z)
    }

    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], _ divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for b in data {
            let factor = b ^ result[0]
            result.removeFirst()
            result.append(0)
            for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }
}
