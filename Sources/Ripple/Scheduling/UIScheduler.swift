import Dispatch
import Foundation
import Synchronization

/// A scheduler for UI work: it runs work on the main thread, at once if it is
/// called on the main thread and nothing it scheduled earlier is still waiting,
/// otherwise through the main queue — always in the order scheduled.
///
/// Running at once on the main thread spares a UI a frame of lag; going through
/// the queue otherwise means a binding fed from another queue (even from inside
/// `queue.sync`) never blocks on the main thread, so it cannot deadlock.
public final class UIScheduler: Scheduler {
    /// How many actions are scheduled and not finished, across all UI schedulers.
    private static let queued = Atomic<Int>(0)

    /// Creates a UI scheduler.
    public init() {}

    /// Runs `action` on the main thread: now if possible, otherwise on the main
    /// queue after what is already waiting.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        let position = Self.queued.add(1, ordering: .acquiringAndReleasing).newValue
        if position == 1, Self.isMainThread {
            defer { Self.queued.subtract(1, ordering: .acquiringAndReleasing) }
            action()
            return nil
        }
        let work = ScheduledAction(action)
        DispatchQueue.main.async {
            defer { Self.queued.subtract(1, ordering: .acquiringAndReleasing) }
            work.run()
        }
        return work
    }

    /// Whether the calling thread is the main thread.
    static var isMainThread: Bool {
        Thread.isMainThread
    }
}
