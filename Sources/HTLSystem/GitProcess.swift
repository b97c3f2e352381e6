import Glibc
import HTLCore
import HTLModel


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
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errors) == 0 else {
            throw HTLError("cannot run git: \(FileSystem.errorText())")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for fd in toChild + fromChild + errors { posix_spawn_file_actions_addclose(&actions, fd) }

        let argv = ["git", "-C", directory] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        // A fixed, quiet environment: no pager, no prompts, no locale-dependent messages.
        var environment = ["GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C", "GIT_LITERAL_PATHSPECS=1"]
        for name in ["PATH", "HOME", "GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM",
                     "XDG_CONFIG_HOME", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES"] {
            if let value = FileSystem.environment(name) { environment.append("\(name)=\(value)") }
        }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for p in cEnvironment { free(p) } }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "git", &actions, nil, &cArguments, &cEnvironment)
        close(toChild[0])
        close(fromChild[1])
        close(errors[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errors[0])
            if spawned == ENOENT { throw HTLError("git is not installed (or not on PATH); it is needed for this command") }
            throw HTLError("cannot run git: \(String(cString: strerror(spawned)))")
        }

        var out: [UInt8] = [], err: [UInt8] = []
        var written = 0
        var inputOpen = true
        if stdin.isEmpty {
            close(toChild[1])
            inputOpen = false
        } else {
            _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        }
        var outOpen = true, errOpen = true
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while outOpen || errOpen {
            var fds: [pollfd] = []
            if inputOpen { fds.append(pollfd(fd: toChild[1], events: Int16(POLLOUT), revents: 0)) }
            if outOpen { fds.append(pollfd(fd: fromChild[0], events: Int16(POLLIN), revents: 0)) }
            if errOpen { fds.append(pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for p in fds where p.revents != 0 {
                if p.fd == toChild[1] {
                    let n = stdin.withUnsafeBytes { raw in
                        Glibc.write(p.fd, raw.baseAddress! + written, raw.count - written)
                    }
                    if n > 0 { written += n }
                    if n < 0, errno != EAGAIN, errno != EINTR { written = stdin.count }
                    if written >= stdin.count {
                        close(toChild[1])
                        inputOpen = false
                    }
                } else {
                    let n = buffer.withUnsafeMutableBytes { Glibc.read(p.fd, $0.baseAddress!, $0.count) }
                    if n > 0 {
                        if p.fd == fromChild[0] { out.append(contentsOf: buffer[0..<n]) } else { err.append(contentsOf: buffer[0..<n]) }
                    } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                        close(p.fd)
                        if p.fd == fromChild[0] { outOpen = false } else { errOpen = false }
                    }
                }
            }
        }
        if inputOpen { close(toChild[1]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Output(stdout: out, stderr: String(decoding: err, as: UTF8.self), status: exitCode)
    }
}
