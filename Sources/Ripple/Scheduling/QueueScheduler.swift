import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A scheduler that runs work on a serial Dispatch queue, in the order scheduled.
///
/// ```swift
/// let background = QueueScheduler(name: "com.example.search")
/// results.observe(on: QueueScheduler.main).observeValues { render($0) }
/// ```
public final class QueueScheduler: DateScheduler {
    /// The serial queue the work runs on.
    public let queue: DispatchQueue

    /// The scheduler of the main queue. Work always goes through the queue; see
    /// ``UIScheduler`` for one that runs at once when already on the main thread.
    public static let main = QueueScheduler(queue: .main)

    /// Creates a scheduler on a new serial queue.
    ///
    /// - Parameters:
    ///   - qos: the quality of service of the queue.
    ///   - name: the label of the queue, shown in debuggers and crash reports.
    ///   - targeting: a queue the new queue targets, if any.
    public convenience init(qos: DispatchQoS = .default, name: String = "Ripple.QueueScheduler", targeting: DispatchQueue? = nil) {
        self.init(queue: DispatchQueue(label: name, qos: qos, target: targeting))
    }

    /// Creates a scheduler on `queue`, which must be serial.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// The wall-clock time.
    public var currentDate: Date {
        Date()
    }

    /// Runs `action` on the queue, after the work already scheduled.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        let work = ScheduledAction(action)
        queue.async { work.run() }
        return work
    }

    /// Runs `action` on the queue at `date`.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
        let work = ScheduledAction(action)
        queue.asyncAfter(wallDeadline: Self.wallTime(of: date)) { work.run() }
        return work
    }

    /// Runs `action` on the queue at `date`, then every `interval` seconds until
    /// the returned disposable is disposed.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> (any Disposable)? {
        precondition(interval > 0, "a repeating interval must be positive, not \(interval)")
        let work = ScheduledAction(action)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            wallDeadline: Self.wallTime(of: date),
            repeating: .nanoseconds(Int(interval * 1e9)),
            leeway: .nanoseconds(Int(leeway * 1e9))
        )
        timer.setEventHandler { work.runRepeatedly() }
        timer.resume()
        return AnyDisposable {
            work.dispose()
            timer.cancel()
        }
    }

    private static func wallTime(of date: Date) -> DispatchWallTime {
        let delay = date.timeIntervalSinceNow
        return delay > 0 ? .now() + .nanoseconds(Int(delay * 1e9)) : .now()
    }
}
