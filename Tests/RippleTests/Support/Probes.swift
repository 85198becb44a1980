import Foundation
import Ripple
import Synchronization

/// A disposable that counts every call to `dispose()`, and remembers whether a test
/// detached it from its container.
final class Probe: Disposable {
    private let disposals = Atomic<Int>(0)
    private let detached = Atomic<Bool>(false)
    var disposeCount: Int { disposals.load(ordering: .acquiring) }
    var isDisposed: Bool { disposeCount > 0 }
    var wasDetached: Bool { detached.load(ordering: .acquiring) }
    func dispose() { disposals.wrappingAdd(1, ordering: .acquiringAndReleasing) }
    func markDetached() { detached.store(true, ordering: .releasing) }
}

/// Counts how often a closure ran; used from one thread only.
final class Counter {
    var value = 0
}

/// A counter shared between threads.
final class AtomicCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        count.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }
}

/// Records what happened, in order; shared with `@Sendable` closures (binding
/// actions), which may run on any thread.
final class SharedLog: @unchecked Sendable {  // `storage` is guarded by `lock`
    private let lock = NSLock()
    private var storage: [String] = []

    var entries: [String] { lock.withLock { storage } }

    func append(_ entry: String) {
        lock.withLock { storage.append(entry) }
    }
}

/// Records what happened, in order; used from one thread only.
final class Log {
    var entries: [String] = []
}

/// Yields the thread until `condition` holds or `seconds` of wall time have passed
/// (a bound for stress tests, where other threads finish what they are doing);
/// whether it held.
func settles(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        guard DispatchTime.now() < deadline else { return false }
        sched_yield()
    }
    return true
}
