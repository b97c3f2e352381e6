import Glibc

// Timing a child process: wall time, peak memory, page faults and exit status.

struct Measurement {
    var seconds: [Double]
    var peakKilobytes: Int
    /// Minor page faults of each run (each is a trip into the kernel).
    var pageFaults: [Int]
    var status: Int32
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Runs a command with stdout and stderr sent to /dev/null, in `directory`.
func run(_ arguments: [String], in directory: String? = nil) -> (seconds: Double, kilobytes: Int, pageFaults: Int, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let previous = directory.map { _ in String(cString: getcwd(nil, 0)) }
    if let directory { chdir(directory) }
    defer { if let previous { chdir(previous) } }
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
        fail("cannot run \(arguments[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = now() - start
    // Killed by a signal (a crash): 128 + the signal, as a shell says, never 0.
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (elapsed, Int(usage.ru_maxrss), Int(usage.ru_minflt), code)
}

func measure(_ arguments: [String], runs: Int, in directory: String? = nil) -> Measurement {
    _ = run(arguments, in: directory)  // warm the file cache
    var m = Measurement(seconds: [], peakKilobytes: 0, pageFaults: [], status: 0)
    for _ in 0..<runs {
        let r = run(arguments, in: directory)
        m.seconds.append(r.seconds)
        m.peakKilobytes = max(m.peakKilobytes, r.kilobytes)
        m.pageFaults.append(r.pageFaults)
        // The worst run's: one crash among them is a crash.
        m.status = max(m.status, r.status)
    }
    return m
}

func fail(_ message: String) -> Never {
    print("htl-bench: " + message)
    exit(2)
}
