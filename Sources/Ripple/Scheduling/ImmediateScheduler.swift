/// A scheduler that runs work at once, on the calling thread.
///
/// Useful in tests and as a default; `observe(on: ImmediateScheduler())` changes
/// nothing.
public final class ImmediateScheduler: Scheduler {
    /// Creates an immediate scheduler.
    public init() {}

    /// Runs `action` now and returns `nil`: there is nothing left to cancel.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        action()
        return nil
    }
}
