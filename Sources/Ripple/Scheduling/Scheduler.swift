#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Something that runs work: now, on a queue, on the main thread, in virtual time.
///
/// Work is an ordinary closure (so a `@MainActor` ViewModel can capture `self` in
/// it); it runs on the scheduler's thread or queue. Scheduled work can be cancelled
/// through the disposable `schedule` returns, until it starts.
///
/// Requires Sendable: operators hold schedulers in work that runs on other threads.
public protocol Scheduler: AnyObject, Sendable {
    /// Runs `action` as soon as the scheduler can.
    ///
    /// - Returns: a disposable that cancels `action` if it has not started yet, or
    ///   `nil` if the scheduler ran it already or cannot cancel.
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> (any Disposable)?
}

/// A scheduler that knows the time and can run work later, once or repeatedly.
///
/// Work due at a date that has passed runs as soon as possible. Work due at
/// `Date.distantFuture` or later — the date an infinite or huge interval leads to —
/// never runs: it is not scheduled at all, and the returned disposable only
/// releases it. Scheduled work runs whether or not the returned disposable is
/// kept; only disposing it cancels the work.
public protocol DateScheduler: Scheduler {
    /// The scheduler's idea of now: the wall clock, or virtual time for
    /// ``TestScheduler``.
    var currentDate: Date { get }

    /// Runs `action` at `date`, or as soon as possible if `date` has passed.
    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> (any Disposable)?

    /// Runs `action` at `date`, then every `interval` seconds until the returned
    /// disposable is disposed; `leeway` is how late a run may be. A run due at
    /// `Date.distantFuture` or later never comes, so an infinite or huge `interval`
    /// runs `action` once.
    ///
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN.
    @discardableResult
    func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> (any Disposable)?
}

extension DateScheduler {
    /// Runs `action` at `date`, then every `interval` until the returned disposable
    /// is disposed; `leeway` is how late a run may be.
    ///
    /// - Precondition: `interval > .zero`, `leeway >= .zero`.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: Duration,
        leeway: Duration = .zero,
        action: @escaping () -> Void
    ) -> (any Disposable)? {
        schedule(after: date, interval: interval.timeInterval, leeway: leeway.timeInterval, action: action)
    }

    /// Runs `action` at `date`, then every `interval` seconds until the returned
    /// disposable is disposed, with no leeway.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        action: @escaping () -> Void
    ) -> (any Disposable)? {
        schedule(after: date, interval: interval, leeway: 0, action: action)
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
