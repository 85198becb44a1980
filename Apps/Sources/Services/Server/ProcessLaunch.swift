// Child processes start one at a time: Foundation's `Process.run()` on Linux has
// crashed here (a bad read in its copy of the launch's arguments and environment)
// while another thread was starting a process too — two drawings' thumbnails and a
// test's server at once. Every start in this package, and in its tests, goes through
// `ProcessLaunch.run(_:)`. Only the start is serialised: the processes then run, and
// are waited for, concurrently.
import Foundation
import Synchronization

/// Starts child processes one at a time.
public enum ProcessLaunch {
    private static let lock = Mutex(())

    /// Starts `process` (as `process.run()`), never while another thread of this
    /// process is starting one through here.
    public static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }
}
