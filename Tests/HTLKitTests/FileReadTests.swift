import Foundation
import Glibc
@testable import HTLSystem
import Testing

/// A file is read in one call when it holds what fstat said; a file that
/// grew or shrank since is still read whole, to its end.
@Suite struct FileReadTests {
    func withFile(_ text: String, _ body: (Int32) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "htl-read-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        try body(fd)
    }

    @Test func readsTheWholeFileWhateverSizeFstatGave() throws {
        let text = "2026-11-20 Morning run 5.8km +run-100km\n"
        for size in [0, 1, 4, text.utf8.count - 1, text.utf8.count, text.utf8.count + 1, 5000] {
            try withFile(text) { fd in
                let read = try FileSystem.read(fd, shown: "log", size: size)
                #expect(read == Array(text.utf8), "size \(size)")
            }
        }
        try withFile("") { fd in
            let read = try FileSystem.read(fd, shown: "log", size: 0)
            #expect(read.isEmpty)
        }
        // Larger than the chunk read after the end fstat gave.
        let long = String(repeating: "2026-11-20 Run 5km\n", count: 1000)
        try withFile(long) { fd in
            let read = try FileSystem.read(fd, shown: "log", size: 10)
            #expect(read == Array(long.utf8))
        }
    }
}
