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
func run(_ arguments: [String], in directory: String? = nil) -> (
    seconds: Double, kilobytes: Int, pageFaults: Int, status: Int32
) {
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
    measureInTurns([(arguments, runs, directory)])[0]
}

/// Several commands measured in turns: after a warm-up run of each (the
/// file cache), one run of each per round, a command of fewer runs taking
/// its turns in rounds spread evenly over all of them. The speed of a
/// shared virtual machine drifts by minutes (the same check took 50 ms,
/// then 80 ms a few minutes later, most of the difference in memory the
/// kernel hands out for the first time): measured one after the other,
/// each command's runs fell in whichever stretch it happened to get, and
/// ratios between commands (linearity, fmt against check) compared a fast
/// stretch with a slow one. In turns, every command sees the same
/// stretches. Each round starts one command further on, and every other
/// round goes through them backwards, so no command always follows the
/// same one (a run after a million-line one meets the memory that one just
/// gave back; started one further on alone, each followed the one listed
/// before it in all rounds but one).
func measureInTurns(_ commands: [(arguments: [String], runs: Int, directory: String?)]) -> [Measurement] {
    for command in commands { _ = run(command.arguments, in: command.directory) }
    var measurements = commands.map { _ in Measurement(seconds: [], peakKilobytes: 0, pageFaults: [], status: 0) }
    let rounds = commands.map(\.runs).max() ?? 0
    for round in 0..<rounds {
        for step in commands.indices {
            let k = (round + (round % 2 == 0 ? step : commands.count - 1 - step)) % commands.count
            let command = commands[k]
            guard takesATurn(runs: command.runs, round: round, of: rounds) else { continue }
            let r = run(command.arguments, in: command.directory)
            measurements[k].seconds.append(r.seconds)
            measurements[k].peakKilobytes = max(measurements[k].peakKilobytes, r.kilobytes)
            measurements[k].pageFaults.append(r.pageFaults)
            // The worst run's: one crash among them is a crash.
            measurements[k].status = max(measurements[k].status, r.status)
        }
    }
    return measurements
}

/// Whether a command of `runs` runs has one in `round` of `rounds`: every
/// round when it has as many runs as there are rounds, else `runs` rounds
/// spread evenly (5 of 15: rounds 2, 5, 8, 11 and 14).
func takesATurn(runs: Int, round: Int, of rounds: Int) -> Bool {
    (round + 1) * runs / rounds > round * runs / rounds
}

func fail(_ message: String) -> Never {
    print("htl-bench: " + message)
    exit(2)
}
