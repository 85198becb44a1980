/// A scheduler for Swift concurrency code: it runs work on the `MainActor`, and
/// its entry point takes `@MainActor` closures, so work scheduled from any context
/// may touch main-actor state without annotations.
///
/// ```swift
/// nonisolated func deliver(_ results: [Item], to viewModel: SearchViewModel) {
///     MainActorScheduler().schedule { viewModel.results = results }  // a @MainActor closure
/// }
/// ```
///
/// It runs work exactly as ``UIScheduler`` does, and in one order with it: at once
/// when called on the main thread or the main queue with nothing scheduled earlier
/// still waiting, otherwise through the main queue, which is the main actor's
/// executor. What it adds is typing. A closure literal given to `schedule` is a `@MainActor` closure
/// (the `@MainActor` overload is preferred), so it may read and write main-actor
/// state even when written in a nonisolated function or another actor, where a
/// ``UIScheduler`` closure could not; a `@MainActor` method or stored callback can
/// be passed as it is; and the work runs under `MainActor.assumeIsolated`, which
/// checks at run time that it really is on the main actor. Code that needs
/// ``UIScheduler``'s plain closures calls `schedule` through the ``Scheduler``
/// protocol (as the operators do) or passes a function value of type `() -> Void`.
public final class MainActorScheduler: Scheduler {
    private let ui = UIScheduler()

    /// Creates a main-actor scheduler.
    public init() {}

    /// Runs `action` on the main actor: now if called on the main thread with
    /// nothing waiting, otherwise on the main queue after what is already waiting.
    ///
    /// - Returns: a disposable that cancels `action` if it has not started yet, or
    ///   `nil` if it ran already.
    @discardableResult
    public func schedule(_ action: @escaping @MainActor () -> Void) -> (any Disposable)? {
        ui.schedule { MainActor.assumeIsolated(action) }
    }

    /// Runs the plain closure `action` on the main actor, like ``UIScheduler``.
    ///
    /// This is the ``Scheduler`` requirement; it is disfavoured so that a closure
    /// literal picks the `@MainActor` overload instead.
    @_disfavoredOverload
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        ui.schedule(action)
    }
}
