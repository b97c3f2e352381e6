import Foundation
import HTLTestSupport
import Testing

@testable import HTLServe

/// The QR code `htl serve` prints beyond loopback, read back by an
/// independent decoder (zbarimg, Debian's zbar-tools, installed by make test).
@Suite struct QRCodeTests {
    /// The modules as a PBM image, eight pixels a module, with a quiet zone of four.
    func pbm(_ code: QRCode) -> Data {
        let scale = 8
        let side = (code.size + 8) * scale
        var text = "P1\n\(side) \(side)\n"
        for y in 0..<side {
            let r = y / scale - 4
            text +=
                (0..<side).map { x -> String in
                    let c = x / scale - 4
                    return r >= 0 && r < code.size && c >= 0 && c < code.size && code.modules[r][c] ? "1" : "0"
                }.joined(separator: " ") + "\n"
        }
        return Data(text.utf8)
    }

    func decoded(_ text: String) throws -> String {
        let code = try #require(QRCode(text))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("htl-qr-\(UUID().uuidString).pbm")
        defer { try? FileManager.default.removeItem(at: file) }
        try pbm(code).write(to: file)
        let result = try Command.run("zbarimg", ["--quiet", "--raw", "-Sbinary", file.path])
        #expect(result.status == 0, "zbarimg: \(result.stderr)")
        return result.stdout
    }

    /// Texts of every length class: versions 1, 2, 5 and 7 (with its version
    /// bits), and the longest a server URL with its 64-digit token makes.
    @Test(arguments: [
        "htl", "http://127.0.0.1:8080/",
        "http://192.168.1.20:8080/?token=5f0c9a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccdd",
        "http://[fd12:3456:789a:1::20]:65535/?token=" + String(repeating: "0123456789abcdef", count: 6),
    ])
    func aDecoderReadsTheTextBack(_ text: String) throws {
        #expect(try decoded(text) == text)
    }

    @Test func theSmallestVersionThatHoldsIt() throws {
        #expect(QRCode("htl")?.size == 21)
        #expect(QRCode(String(repeating: "a", count: 17))?.size == 21)
        #expect(QRCode(String(repeating: "a", count: 18))?.size == 25)
        #expect(QRCode(String(repeating: "a", count: 271))?.size == 57)
        #expect(QRCode(String(repeating: "a", count: 272)) == nil)
    }

    /// Drawn for a dark terminal: light modules are blocks, two rows a line.
    @Test func terminalLinesAreHalfBlocks() throws {
        let lines = try #require(QRCode("htl")).terminalLines()
        #expect(lines.count == 15)
        #expect(lines.allSatisfy { $0.count == 29 })
        #expect(lines[0] == String(repeating: "█", count: 29))
        #expect(lines[2].hasPrefix("████ ▄▄▄▄▄ "))
    }
}
