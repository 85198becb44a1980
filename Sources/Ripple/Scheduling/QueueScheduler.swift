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
    ///   - qos: the quality of service of the queue. Left unspecified (the
    ///     default, as for a `DispatchQueue`), the work runs at the quality of
    ///     service of the queue targeted, or of the code that schedules it.
    ///   - name: the label of the queue, shown in debuggers and crash reports.
    ///   - targeting: a queue the new queue targets, if any.
    public convenience init(qos: DispatchQoS = .unspecified, name: String = "Ripple.QueueScheduler", targeting: DispatchQueue? = nil) {
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

    /// Runs `action` on the queue at `date`; a date too far ahead for Dispatch
    /// (about 290 years), `Date.distantFuture` included, never comes.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)? {
        let work = ScheduledAction(action)
        guard let deadline = Self.wallTime(of: date) else { return work }
        queue.asyncAfter(wallDeadline: deadline) { work.run() }
        return work
    }

    /// Runs `action` on the queue at `date`, then every `interval` seconds until
    /// the returned disposable is disposed — also when the disposable is not kept.
    /// An interval too long for Dispatch (about 290 years) runs `action` once.
    ///
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> (any Disposable)? {
        let call = "QueueScheduler.schedule(after:interval:leeway:action:)"
        requireTimeValue(interval, .positive, call: call)
        requireTimeValue(leeway, .nonNegative, name: "leeway", call: call)
        guard let repeating = Self.nanoseconds(interval) else {
            return schedule(after: date, action: action)
        }
        let work = ScheduledAction(action)
        guard let deadline = Self.wallTime(of: date) else { return work }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            wallDeadline: deadline,
            repeating: .nanoseconds(max(repeating, 1)),
            leeway: .nanoseconds(Self.nanoseconds(leeway) ?? Int.max)
        )
        let handle = RepeatingTimer(work: work, timer: timer)
        // The handler holds the handle, and so the timer, which keeps the timer
        // running when the caller drops the handle; cancelling the timer releases
        // the handler, which breaks that cycle.
        timer.setEventHandler { handle.fire() }
        timer.resume()
        return handle
    }

    /// The Dispatch deadline of `date`: now for a date that has passed, `nil` for
    /// one too far ahead to express (never).
    private static func wallTime(of date: Date) -> DispatchWallTime? {
        guard !date.isNever else { return nil }
        let delay = date.timeIntervalSinceNow
        guard delay > 0 else { return .now() }
        return nanoseconds(delay).map { .now() + .nanoseconds($0) }
    }

    /// `seconds` (0 or more) in whole nanoseconds, or `nil` if that does not fit in
    /// an `Int`.
    private static func nanoseconds(_ seconds: TimeInterval) -> Int? {
        let nanoseconds = (seconds * 1e9).rounded()
        return nanoseconds < 0x1p63 ? Int(nanoseconds) : nil
    }
}

/// The handle of a repeating Dispatch timer: it runs the work at every tick until
/// disposed, and lives as long as the timer runs.
private final class RepeatingTimer: Disposable {
    private let work: ScheduledAction
    /// The timer until it is cancelled; behind a lock because Dispatch's timer
    /// type is not `Sendable`.
    private let timer: Locked<(any DispatchSourceTimer)?>

    init(work: ScheduledAction, timer: any DispatchSourceTimer) {
        self.work = work
        self.timer = Locked(timer)
    }

    var isDisposed: Bool {
        work.isDisposed
    }

    /// Runs the work; stops the timer if the work was cancelled meanwhile.
    func fire() {
        if !work.runRepeatedly() { cancelTimer() }
    }

    /// Cancels the work and the timer.
    func dispose() {
        work.dispose()
        cancelTimer()
    }

    private func cancelTimer() {
        let cancelled = timer.withLock { timer in
            defer { timer = nil }
            return timer
        }
        cancelled?.cancel()
    }
}
