import Foundation
import Ripple
import Synchronization
import Testing

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

extension StressThreads {
    /// Waits, yielding, until `condition()` holds: the threads under test have
    /// reached the point the test needs (blocked on a lock, inside a delivery).
    /// Fails the test, instead of hanging it, if they never do.
    static func waitUntil(_ what: String, _ condition: () -> Bool) {
        for _ in 0..<50_000_000 {
            if condition() { return }
            sched_yield()
        }
        Issue.record("never reached: \(what)")
    }
}

/// What the runs of a stress test have heard, all together.
final class DisposalTally: Sendable {
    let interruptions = Atomic<Int>(0)
    /// Events after a terminal one, a `completed` (the runs and properties of
    /// these tests never complete), or more than one value after `dispose()` has
    /// returned.
    let violations = Atomic<Int>(0)
}

/// Checks one run's events as they come. They may come on any thread (a delivery
/// under way on another thread delivers the interruption), so its state is atomic.
final class DisposalMonitor: Sendable {
    private let tally: DisposalTally
    private let ended = Atomic<Bool>(false)
    private let disposed = Atomic<Bool>(false)
    private let valuesAfterDisposal = Atomic<Int>(0)

    init(_ tally: DisposalTally) {
        self.tally = tally
    }

    var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Called once a `dispose()` of the run has returned.
    func didDispose() {
        disposed.store(true, ordering: .releasing)
    }

    func observe(_ event: Signal<Int, Never>.Event) {
        if ended.load(ordering: .acquiring) { violation() }
        switch event {
        case .value:
            // Only the value whose delivery was under way on another thread.
            if disposed.load(ordering: .acquiring),
                valuesAfterDisposal.add(1, ordering: .relaxed).newValue > 1 { violation() }
        case .interrupted:
            ended.store(true, ordering: .releasing)
            tally.interruptions.add(1, ordering: .relaxed)
        case .completed:
            ended.store(true, ordering: .releasing)
            violation()
        }
    }

    private func violation() {
        tally.violations.add(1, ordering: .relaxed)
    }
}
