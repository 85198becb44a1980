import Foundation

/// Threads of their own for the stress tests that look for deadlocks.
enum StressThreads {
    /// Runs `body(index)` on `count` threads of their own and waits for all of them
    /// at most `seconds`; whether they finished. A generous bound, not a speed
    /// assertion: threads still running then are taken to be deadlocked.
    ///
    /// The wait happens on another thread of its own, not on the test's: a test
    /// blocking one of the cooperative pool's few threads for the length of a stress
    /// run would starve the async tests that other suites run meanwhile.
    static func finish(onThreads count: Int, within seconds: Double = 120, _ body: @escaping @Sendable (Int) -> Void) async -> Bool {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        return await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: group.wait(timeout: .now() + seconds) == .success)
            }.start()
        }
    }
}
