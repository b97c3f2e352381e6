import Foundation
import Synchronization

/// Runs the built `htl` executable, as a user would.
public enum HTLBinary {
    public struct Result: Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32

        public init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    /// `HTL_BIN`, else the debug build in `.build`.
    public static var path: String {
        if let bin = ProcessInfo.processInfo.environment["HTL_BIN"], !bin.isEmpty { return bin }
        return Paths.root.appendingPathComponent(".build/debug/htl").path
    }

    /// Runs htl with `arguments` in `directory`; the environment is cleaned of
    /// HTL_* and colour variables, then `environment` is added.
    @discardableResult
    public static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> Result {
        try Command.run(path, arguments, in: directory, environment: environment, stdin: stdin)
    }
}

/// Runs any program (htl, git) and captures its output.
public enum Command {
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String] = [:], stdin: String? = nil
    ) throws -> HTLBinary.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HTL_") || $0.key == "HTL_BIN" }
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil
        env["TERM"] = "dumb"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes before waiting so that large outputs cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return HTLBinary.Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}

extension Command {
    /// Runs commands at once, one thread each (`[executable, arguments…]`,
    /// `htl` meaning the built binary); returns their results in order, nil
    /// for one that could not start.
    public static func concurrently(_ commands: [[String]], environment: [String: String] = [:])
        -> [HTLBinary.Result?]
    {
        let results = Mutex<[HTLBinary.Result?]>(Array(repeating: nil, count: commands.count))
        DispatchQueue.concurrentPerform(iterations: commands.count) { i in
            let executable = commands[i][0] == "htl" ? HTLBinary.path : commands[i][0]
            let result = try? Command.run(executable, Array(commands[i].dropFirst()), environment: environment)
            results.withLock { $0[i] = result }
        }
        return results.withLock { $0 }
    }
}
