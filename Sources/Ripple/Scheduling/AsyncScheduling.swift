#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Async scheduling: Swift concurrency code waiting on a date scheduler's clock.
//
//     sleep(for: 2)          now: 0   →   resumes at 2
//     timer(interval: 1)     now: 0   →   1, 2, 3, …   (never finishes on its own)
//
// Both go through `schedule(after:)`, so on a `TestScheduler` they resume only when
// the test advances virtual time. Cancelling the waiting task ends the wait at once
// (`sleep` throws `CancellationError`, the timer finishes) and cancels the work
// scheduled for it. A scheduler that tracks resumptions (`TestScheduler`) is told
// when a wake-up resumes a task and when that task has returned from the call, so
// that its async `advance` can wait for woken tasks.

extension DateScheduler {
    /// Suspends the calling task for `interval` seconds of the scheduler's time.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let countdown = Task { try await scheduler.sleep(for: 1); print("done") }
    /// await scheduler.advance(by: 1)   // the task resumes and prints "done"
    /// ```
    ///
    /// As with `Task.sleep(for:)`, an interval of 0 or less resumes the task as
    /// soon as the scheduler runs its work; an infinite or huge one sleeps until
    /// the task is cancelled.
    ///
    /// - Throws: `CancellationError` if the task is cancelled before the time has
    ///   come; the scheduled wake-up is then cancelled too.
    /// - Precondition: `interval` is not NaN.
    public func sleep(for interval: TimeInterval) async throws {
        precondition(!interval.isNaN, "sleep(for:) needs an interval that is a number of seconds, not \(interval)")
        try await sleep(until: date(after: interval))
    }

    /// Suspends the calling task for `duration` of the scheduler's time; a
    /// duration of zero or less resumes it as soon as the scheduler runs its work.
    ///
    /// - Throws: `CancellationError` if the task is cancelled before the time has
    ///   come; the scheduled wake-up is then cancelled too.
    public func sleep(for duration: Duration) async throws {
        try await sleep(for: duration.timeInterval)
    }

    /// Suspends the calling task until the scheduler's clock reaches `date`; a date
    /// in the past resumes it as soon as the scheduler runs its work, a date at
    /// `Date.distantFuture` or later never comes (the task sleeps until cancelled).
    ///
    /// - Throws: `CancellationError` if the task is cancelled before `date`; the
    ///   scheduled wake-up is then cancelled too.
    public func sleep(until date: Date) async throws {
        let tracker = self as? any ResumptionTracking
        let sleeper = Sleeper(tracker: tracker)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                sleeper.start(continuation, scheduler: self, date: date)
            }
        } onCancel: {
            sleeper.cancel()
        }
        // Only a wake-up resumes the continuation without an error.
        tracker?.taskDidResume()
    }

    /// An endless asynchronous sequence of the scheduler's `currentDate`, once
    /// every `interval` seconds from the moment iteration starts.
    ///
    /// ```swift
    /// for await date in scheduler.timer(interval: 1) {
    ///     render(countdown(at: date))
    /// }
    /// ```
    ///
    /// The sequence never finishes on its own: cancelling the iterating task, or
    /// dropping its iterator, ends it and cancels the repeating work. Each
    /// iteration starts a timer of its own.
    ///
    /// - Parameters:
    ///   - interval: the time between ticks, in seconds; an infinite or huge one
    ///     never ticks.
    ///   - leeway: how late a tick may be.
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN.
    public func timer(interval: TimeInterval, leeway: TimeInterval = 0) -> SchedulerTimer {
        requireTimeValue(interval, .positive, call: "timer(interval:leeway:)")
        requireTimeValue(leeway, .nonNegative, name: "leeway", call: "timer(interval:leeway:)")
        return SchedulerTimer(scheduler: self, interval: interval, leeway: leeway)
    }

    /// An endless asynchronous sequence of the scheduler's `currentDate`, once
    /// every `interval` from the moment iteration starts.
    ///
    /// - Precondition: `interval > .zero`, `leeway >= .zero`.
    public func timer(interval: Duration, leeway: Duration = .zero) -> SchedulerTimer {
        timer(interval: interval.timeInterval, leeway: leeway.timeInterval)
    }
}

/// The ticks of a date scheduler as an asynchronous sequence: the scheduler's
/// `currentDate` every `interval`, made by ``DateScheduler/timer(interval:leeway:)-(TimeInterval,_)``.
///
/// Each call to `makeAsyncIterator()` schedules repeating work of its own, starting
/// one interval after that call. Ticks the consumer has not taken yet are kept, in
/// order. The sequence never finishes on its own: it ends when the iterating task
/// is cancelled or the iterator is dropped, and the repeating work is then
/// cancelled.
public struct SchedulerTimer: AsyncSequence, Sendable {
    /// The scheduler's `currentDate` at a tick.
    public typealias Element = Date

    /// A timer never fails.
    public typealias Failure = Never

    private let scheduler: any DateScheduler
    private let interval: TimeInterval
    private let leeway: TimeInterval

    init(scheduler: any DateScheduler, interval: TimeInterval, leeway: TimeInterval) {
        self.scheduler = scheduler
        self.interval = interval
        self.leeway = leeway
    }

    /// Starts the timer: the first tick comes one interval from now.
    public func makeAsyncIterator() -> Iterator {
        let ticks = TimerTicks(tracker: scheduler as? any ResumptionTracking)
        let scheduler = scheduler
        let work = scheduler.schedule(
            after: scheduler.date(after: interval),
            interval: interval,
            leeway: leeway
        ) {
            ticks.send(scheduler.currentDate)
        }
        ticks.attach(work)
        return Iterator(subscription: TimerSubscription(ticks: ticks))
    }

    /// Waits for the ticks of one running timer.
    ///
    /// Not Sendable, like other async iterators: one task consumes it.
    public struct Iterator: AsyncIteratorProtocol {
        /// Waiting for a tick never fails.
        public typealias Failure = Never

        private let subscription: TimerSubscription

        init(subscription: TimerSubscription) {
            self.subscription = subscription
        }

        /// The date of the next tick, or `nil` once the iterating task is
        /// cancelled.
        public mutating func next() async -> Date? {
            await subscription.ticks.next()
        }

        /// The date of the next tick, or `nil` once the iterating task is
        /// cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Date? {
            await subscription.ticks.next()
        }
    }
}
