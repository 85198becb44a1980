import Synchronization

/// Something that can be cancelled or cleaned up once: a subscription, a running
/// producer, a scheduled task.
///
/// `dispose()` is idempotent and thread-safe: the first call does the work, later
/// calls (from any thread) do nothing. Work done on disposal runs synchronously on
/// the thread that calls `dispose()`.
///
/// Requires Sendable: disposing from another thread (a lifetime's end, a
/// cancelled task) is what a disposable is for.
public protocol Disposable: AnyObject, Sendable {
    /// Whether ``dispose()`` has been called (or the resource ended by itself).
    var isDisposed: Bool { get }

    /// Releases the resource. Safe to call more than once and from any thread.
    func dispose()
}

/// A disposable that runs a closure the first time it is disposed.
///
/// ```swift
/// let disposable = AnyDisposable { print("cleaned up") }
/// disposable.dispose()  // prints "cleaned up"
/// disposable.dispose()  // does nothing
/// ```
///
/// The closure is released as soon as it has run.
public final class AnyDisposable: Disposable, @unchecked Sendable {  // `action` is set before publication and then touched only by the one caller that wins `disposed`
    private let disposed = Synchronization.Atomic<Bool>(false)
    private var action: (() -> Void)?

    /// Creates a disposable that runs `action` once, on the first call to `dispose()`.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Creates a disposable that does nothing but remember that it was disposed.
    public init() {
        self.action = nil
    }

    /// Creates a disposable that disposes `disposable` when it is disposed.
    ///
    /// Use it to hand out a handle without handing out the underlying object.
    public convenience init(_ disposable: some Disposable) {
        self.init { disposable.dispose() }
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Runs the closure if this is the first call; otherwise does nothing.
    public func dispose() {
        // Only the caller that flips `disposed` reads or writes `action` after init.
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
