import CHTLSystem
import Glibc
import HTLCore
import HTLModel
import Synchronization

/// Runs git as a child process: arguments in, stdin bytes in, stdout and
/// stderr out. A `poll` loop feeds stdin and drains both outputs at once, so a
/// large `cat-file --batch` exchange cannot deadlock on a full pipe.
package enum GitProcess {
    package struct Output {
        package var stdout: [UInt8]
        package var stderr: String
        package var status: Int32
    }

    package static func run(_ arguments: [String], in directory: String, stdin: [UInt8] = []) throws -> Output {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errors) == 0 else {
            throw HTLError("cannot run git: \(FileSystem.errorText())")
        }
        let pid: pid_t
        do {
            pid = try spawn(
                argv(arguments, in: directory), streams: [toChild[0], fromChild[1], errors[1]],
                closing: toChild + fromChild + errors)
        } catch {
            for fd in toChild + fromChild + errors { close(fd) }
            throw error
        }
        for fd in [toChild[0], fromChild[1], errors[1]] { close(fd) }
        var exchange = PipeExchange(input: stdin, toChild: toChild[1], fromChild: fromChild[0], errors: errors[0])
        exchange.run()
        let status = wait(pid)
        return Output(stdout: exchange.out, stderr: String(decoding: exchange.err, as: UTF8.self), status: status)
    }

    /// Settings of the repository that would make git run a command of its
    /// own, overridden for every git htl starts: htl inspects a repository
    /// (perhaps someone else's) and must run nothing its configuration names.
    /// What remains of that kind needs a command htl never gives: hooks
    /// (htl writes no commit, ref or index), diff and merge drivers and
    /// textconv (htl runs no diff or merge; `cat-file --batch` applies no
    /// filter), `core.editor` and `sequence.editor`.
    static let overrides = [
        "core.fsmonitor=false",  // a hook command (or a daemon) asked about changed files on every index read
        "core.pager=cat",  // GIT_PAGER=cat too; a pager only runs on a terminal
        "protocol.allow=never",  // no transport at all: no lazy fetch of a partial clone's objects, so no
        // core.sshCommand, remote helper, credential helper or askpass
        "credential.helper=",  // and no helper, should one be asked anyway
        "core.askPass=",
        "core.alternateRefsCommand=",
        "gc.auto=0",  // no background `git gc --auto`
        "maintenance.auto=false",
    ]

    /// The argument vector of a git run: the overrides, the folder, the arguments.
    static func argv(_ arguments: [String], in directory: String) -> [String] {
        ["git", "--no-pager"] + overrides.flatMap { ["-c", $0] } + ["-C", directory] + arguments
    }

    /// A fixed, quiet environment: no pager, no prompts, no locale-dependent
    /// messages, literal pathspecs, no optional index writes, no lazy fetch;
    /// the variables that locate git and its repository are kept.
    static func environment() -> [String] {
        var environment = [
            "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C", "GIT_LITERAL_PATHSPECS=1", "GIT_OPTIONAL_LOCKS=0",
            "GIT_NO_LAZY_FETCH=1",
        ]
        for name in [
            "PATH", "HOME", "GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM",
            "XDG_CONFIG_HOME", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        ] {
            if let value = FileSystem.environment(name) { environment.append("\(name)=\(value)") }
        }
        return environment
    }

    /// Starts git with `streams` as its stdin, stdout and stderr, closing
    /// `closing` in the child.
    private static func spawn(_ argv: [String], streams: [Int32], closing: [Int32]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, fd) in streams.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(target)) }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        switch SystemCalls.spawn(argv, environment: environment(), actions: &actions) {
        case .success(let pid):
            return pid
        case .failure(let error) where error.code == ENOENT:
            throw HTLError("git is not installed (or not on PATH); it is needed for this command")
        case .failure(let error):
            throw HTLError("cannot run git: \(String(cString: strerror(error.code)))")
        }
    }

    /// Waits for a child; its exit code (128 + the signal when killed).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// A git whose standard streams are files in memory: it works on while
    /// htl does something else (parses the ledger while git reads HEAD),
    /// never blocked on a full pipe; `finish` waits for it and reads what it wrote.
    package final class Background: Sendable {
        private let pid: pid_t
        private let out: Int32
        private let err: Int32
        private let result = Mutex<Output?>(nil)

        fileprivate init(pid: pid_t, out: Int32, err: Int32) {
            self.pid = pid
            self.out = out
            self.err = err
        }

        package func finish() -> Output {
            result.withLock { result in
                if let result { return result }
                let status = GitProcess.wait(pid)
                let finished = Output(
                    stdout: Self.contents(out), stderr: String(decoding: Self.contents(err), as: UTF8.self),
                    status: status)
                close(out)
                close(err)
                result = finished
                return finished
            }
        }

        deinit { _ = finish() }

        private static func contents(_ fd: Int32) -> [UInt8] {
            let size = Int(lseek(fd, 0, SEEK_END))
            guard size > 0 else { return [] }
            return SystemCalls.read(fd, count: size, at: 0) ?? []
        }
    }

    /// Starts git in the background, `stdin` already written for it.
    package static func start(_ arguments: [String], in directory: String, stdin: [UInt8]) throws -> Background {
        let files = [htl_memory_file("htl-git-in"), htl_memory_file("htl-git-out"), htl_memory_file("htl-git-err")]
        guard files.allSatisfy({ $0 >= 0 }) else {
            for fd in files where fd >= 0 { close(fd) }
            throw HTLError("cannot run git: \(FileSystem.errorText())")
        }
        var written = 0
        while written < stdin.count {
            let n = SystemCalls.write(files[0], stdin, from: written)
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                for fd in files { close(fd) }
                throw HTLError("cannot run git: \(FileSystem.errorText())")
            }
            written += n
        }
        lseek(files[0], 0, SEEK_SET)
        let pid: pid_t
        do {
            pid = try spawn(argv(arguments, in: directory), streams: files, closing: [])
        } catch {
            for fd in files { close(fd) }
            throw error
        }
        close(files[0])
        return Background(pid: pid, out: files[1], err: files[2])
    }
}

/// Feeds a child's stdin while draining its stdout and stderr, with `poll`.
private struct PipeExchange {
    let input: [UInt8]
    let toChild: Int32
    let fromChild: Int32
    let errors: Int32
    var out: [UInt8] = []
    var err: [UInt8] = []
    private var written = 0
    private var inputOpen = true, outOpen = true, errOpen = true

    init(input: [UInt8], toChild: Int32, fromChild: Int32, errors: Int32) {
        self.input = input
        self.toChild = toChild
        self.fromChild = fromChild
        self.errors = errors
    }

    mutating func run() {
        if input.isEmpty {
            close(toChild)
            inputOpen = false
        } else {
            _ = fcntl(toChild, F_SETFL, fcntl(toChild, F_GETFL) | O_NONBLOCK)
        }
        while outOpen || errOpen {
            var fds: [pollfd] = []
            if inputOpen { fds.append(pollfd(fd: toChild, events: Int16(POLLOUT), revents: 0)) }
            if outOpen { fds.append(pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)) }
            if errOpen { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for p in fds where p.revents != 0 {
                if p.fd == toChild { feed() } else { drain(p.fd) }
            }
        }
        if inputOpen { close(toChild) }
    }

    private mutating func feed() {
        let n = SystemCalls.write(toChild, input, from: written)
        if n > 0 { written += n }
        if n < 0, errno != EAGAIN, errno != EINTR { written = input.count }
        if written >= input.count {
            close(toChild)
            inputOpen = false
        }
    }

    private mutating func drain(_ fd: Int32) {
        let read = SystemCalls.readOnce(fd, count: 65_536)
        if let read, !read.isEmpty {
            if fd == fromChild { out += read } else { err += read }
        } else if read != nil || (errno != EAGAIN && errno != EINTR) {
            close(fd)
            if fd == fromChild { outOpen = false } else { errOpen = false }
        }
    }
}
