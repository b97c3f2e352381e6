import Glibc
import HTLCore
import HTLModel
import HTLSystem

/// How `htl serve` runs: where, for whom, and whether it may write.
public struct ServeSettings: Sendable {
    public var root: LedgerRoot
    /// The address to bind: `127.0.0.1` unless asked.
    public var host: String
    public var port: Int
    public var readOnly: Bool
    /// Today for every request (the executable reads the clock, or a pinned day).
    public var now: @Sendable () -> Now
    /// The secret every request needs when bound beyond loopback, and every
    /// API write needs always (`Authorization: Bearer`).
    public var token: String
    /// The secret every form posts back, beside the same-site cookie that carries it.
    public var csrf: String

    public init(
        root: LedgerRoot, host: String, port: Int, readOnly: Bool, now: @escaping @Sendable () -> Now,
        token: String, csrf: String
    ) {
        self.root = root
        self.host = host
        self.port = port
        self.readOnly = readOnly
        self.now = now
        self.token = token
        self.csrf = csrf
    }

    /// Bound to a loopback address: only this machine can connect.
    public var isLoopback: Bool { Self.loopbackNames.contains(host.lowercased()) || host.hasPrefix("127.") }

    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// 32 random bytes from the kernel, as 64 hex digits.
    public static func secret() throws -> String {
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        guard fd >= 0, let bytes = FileSystem.readOnce(fd, count: 32), bytes.count == 32 else {
            throw HTLError("cannot read random bytes for the server's secrets")
        }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Equal texts, compared in time that does not depend on where they differ.
    static func sameSecret(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
