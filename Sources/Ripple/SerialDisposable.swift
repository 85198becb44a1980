import Synchronization

/// A disposable slot holding at most one disposable at a time.
///
/// Assigning ``inner`` disposes the disposable it replaces. Once the serial
/// disposable is disposed, whatever is assigned to it is disposed at once.
/// Typical use: the subscription to the latest request, cancelling the previous one.
public final class SerialDisposable: Disposable, @unchecked Sendable {  // `current` is guarded by `lock`
    private let lock = Lock()
    private let disposed = Synchronization.Atomic<Bool>(false)
    private var current: (any Disposable)?

    /// Creates a serial disposable, optionally holding `disposable`.
    public init(_ disposable: (any Disposable)? = nil) {
        current = disposable
    }

    deinit {
        lock.deallocate()
    }

    /// Whether the serial disposable has been disposed.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// The disposable currently held.
    ///
    /// Setting it disposes the previous one; after ``dispose()``, setting it
    /// disposes the new one at once and reading it gives `nil`.
    public var inner: (any Disposable)? {
        get { lock.withLock { current } }
        set {
            let (replaced, wasDisposed) = lock.withLock { () -> ((any Disposable)?, Bool) in
                if disposed.load(ordering: .relaxed) { return (newValue, true) }
                defer { current = newValue }
                return (current, false)
            }
            if let replaced, wasDisposed || replaced !== newValue { replaced.dispose() }
        }
    }

    /// Disposes the held disposable and every one assigned from now on.
    public func dispose() {
        let last = lock.withLock { () -> (any Disposable)? in
            guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
            defer { current = nil }
            return current
        }
        last?.dispose()
    }
}
