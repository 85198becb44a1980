#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Protected: a value behind a pthread mutex, RippleTerminal's one lock.
//
// A default (non-recursive) `pthread_mutex_t`, which the thread sanitizer sees.
// (`Synchronization.Mutex` exists on Linux, but the sanitizer reports false races
// on the state it guards; see the Architecture article of the Ripple documentation,
// "Locks".) Compute under the lock; send events, run user code and release values that
// may hold user code only after it.

/// A value behind a mutex.
final class Protected<State>: @unchecked Sendable {  // `state` is guarded by `mutex`
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ initial: State) {
        state = initial
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the state with the mutex held. `body` must not take it again.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
