/// A value behind a ``Lock``: the state of operators fed by several streams.
///
/// Never send events while inside `withLock`: an observer downstream may send to
/// an upstream stream that feeds this state again, on this thread, and the lock is
/// not recursive. Compute under the lock, send after it. Nor release anything that
/// may hold user code (a value, a closure, a disposable) inside `withLock`: its
/// deinitialiser may reach this state again. Move it out (`take()`, `swap`) and
/// let it go after the lock.
@usableFromInline
final class Locked<State>: @unchecked Sendable {  // `state` is guarded by `lock`
    @usableFromInline let lock = Lock()
    @exclusivity(unchecked) @usableFromInline var state: State

    @inlinable
    init(_ initial: State) {
        state = initial
    }

    deinit {
        lock.deallocate()
    }

    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
