// Helpers the workloads share: an optimisation barrier, a lock, a mutable box.

import Foundation

/// Consumes a value in a way the optimiser cannot see through, so the work that
/// produced it is not deleted.
@inline(never)
func blackhole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Returns `value` unchanged through a call the optimiser cannot see through, so a
/// hand-written baseline's closures are really called rather than folded away.
@inline(never)
func opaque<T>(_ value: T) -> T {
    value
}

/// A mutable integer shared by the closures of one run (a sum or a count).
final class Tally {
    var sum = 0
    var count = 0

    /// Adds `value` to the sum and one to the count.
    @inline(__always)
    func add(_ value: Int) {
        sum &+= value
        count &+= 1
    }
}

/// A pthread mutex, for the hand-written and OpenCombine versions of W8.
final class Lock: @unchecked Sendable {  // `mutex` is only used through pthread calls
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

/// The sum of `0..<n`.
func triangle(_ n: Int) -> Int {
    n * (n - 1) / 2
}

/// Folds a count and a sum into one checksum, so that both are checked.
func checksum(count: Int, sum: Int) -> Int {
    sum &* 31 &+ count
}
