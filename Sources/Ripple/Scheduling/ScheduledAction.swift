import Synchronization

/// A unit of scheduled work: the closure, until it runs or is cancelled.
///
/// Runs at most once; disposing it before it runs cancels it and releases the
/// closure. It is what schedulers hand to a queue, so that the closure itself
/// need not be `Sendable`: it is only ever taken out under the lock, once.
final class ScheduledAction: Disposable, @unchecked Sendable {  // `action` is guarded by `lock`
    private let lock = Lock()
    private let disposed = Synchronization.Atomic<Bool>(false)
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    deinit {
        lock.deallocate()
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Cancels the work if it has not started.
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Released after the lock: its captures' deinitialisers may run anything.
        let cancelled = lock.withLock { action.take() }
        withExtendedLifetime(cancelled) {}
    }

    /// Runs the work, unless it was cancelled or has run already.
    func run() {
        let work = lock.withLock { () -> (() -> Void)? in
            defer { action = nil }
            return action
        }
        guard let work, !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        work()
    }

    /// Runs the work without consuming it, for repeating timers; `false` once
    /// cancelled.
    @discardableResult
    func runRepeatedly() -> Bool {
        let work = lock.withLock { action }
        guard let work, !isDisposed else { return false }
        work()
        return true
    }
}
