import CHTLSystem

/// How the process takes memory from the system.
public enum ProcessMemory {
    /// For a command that reads a ledger once and ends: the allocator
    /// reserves a large heap at once, advised to be backed by 2 MB pages,
    /// and never trims it. Reading a ledger touches tens or hundreds of MB
    /// of fresh memory; in 4 KB pages that is a page fault per 4 KB, and on
    /// a virtual machine each costs microseconds (a million-action check
    /// spent a third of its time in the kernel). Only address space is
    /// reserved: a page is backed when first touched, so a small ledger
    /// uses no more memory than before.
    ///
    /// Called first thing, before any thread starts; not for the servers
    /// (`lsp`, `mcp`), which live long and should give memory back. Under
    /// a limit on address space or data (`ulimit -v`, `ulimit -d`) or strict
    /// overcommit nothing is reserved: a reservation that fits could leave
    /// no room for a worker thread's stack, and the thread pool would wait
    /// for one forever.
    /// Each thread keeps an arena of its own (one for all made the cores
    /// wait on each other's allocations), except under such a limit, where
    /// address space is scarce and one arena serves all.
    /// Without huge pages (the kernel's `transparent_hugepage` set to
    /// `never`) the advice is ignored and only the allocator settings apply.
    public static func preferLargePages() {
        _ = htl_prefer_large_pages(reservation)
    }

    /// 1 GB of address space: a million actions take about 300 MB.
    static let reservation = 1 << 30
}
