import Dispatch
import Foundation
import Synchronization

/// A scheduler for UI work: it runs work on the main queue, at once if it is
/// called on the main thread (or from the main queue) and nothing it scheduled
/// earlier is still waiting, otherwise through the main queue — always in the
/// order scheduled.
///
/// Running at once on the main thread spares a UI a frame of lag; going through
/// the queue otherwise means a binding fed from another queue (even from inside
/// `queue.sync`) never blocks on the main thread, so it cannot deadlock.
public final class UIScheduler: Scheduler {
    /// How many actions are scheduled and not finished, across all UI schedulers.
    private static let queued = Synchronization.Atomic<Int>(0)

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

    /// Marks the main queue, so that code running on it can be recognised even
    /// where the main queue is drained by a thread other than the main thread
    /// (Linux programs that call `dispatchMain()`, Swift Testing).
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main thread or the main queue.
    static var isMainThread: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }
}
