#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Retry: start a failed producer again, at once or after a delay.
//
//     retry(upTo: 2)                        each run -a-#x   →   -a-a-a-#x       (restarts at once)
//     retry(upTo: 2, interval: 2, on: s)    each run -a-#x   →   -a---a---a-#x   (restarts 2 s after each failure)
//     retry(upTo: 3, backoff: .exponential(initial: 1), on: s)   restarts 1, 2, then 4 s after the failures
//
// A run that fails is started again (on the scheduler, after a delay, if one is given), at most
// `count` times; the failure of the last run is forwarded. Values, completion and
// interruption pass through at once. Disposing a run cancels a restart that is
// waiting; an infinite or huge delay never restarts. Producer-only: a signal
// cannot be started again.

/// How long to wait before each retry: an exponential backoff, capped, with
/// optional jitter.
///
/// ```swift
/// api.sync()
///     .retry(upTo: 5, backoff: .exponential(initial: 0.5, maximum: 30, jitter: 0.5), on: QueueScheduler.main)
/// ```
///
/// Retry `n` (1, 2, 3, …) waits `min(initial × multiplierⁿ⁻¹, maximum)` seconds,
/// shortened by a random fraction of up to `jitter` of itself, so that many clients
/// failing together do not retry together. A jitter of 0.5 waits between half and
/// all of the delay ("equal jitter"); a jitter of 1 waits anything up to the delay
/// ("full jitter").
public struct RetryBackoff: Sendable {
    /// The delay before the first retry, in seconds.
    public let initial: TimeInterval
    /// The factor between the delays of two successive retries.
    public let multiplier: Double
    /// The longest delay, in seconds, before jitter.
    public let maximum: TimeInterval
    /// The largest fraction of a delay that jitter may take off, in `0...1`.
    public let jitter: Double
    /// Returns a random number in `0..<1`; the source of the jitter.
    private let random: @Sendable () -> Double

    /// An exponential backoff: `initial` seconds before the first retry, then
    /// `multiplier` times longer before each next one, never more than `maximum`
    /// seconds, each delay shortened by a random fraction of up to `jitter`.
    ///
    /// - Parameters:
    ///   - initial: the delay before the first retry, in seconds.
    ///   - multiplier: the growth factor of the delay, 2 by default.
    ///   - maximum: the cap on the delay, in seconds; none by default.
    ///   - jitter: the largest fraction of a delay that is randomly taken off, in
    ///     `0...1`; none by default.
    ///   - random: returns a random number in `0..<1` (values outside are clamped);
    ///     the system generator by default. Pass a fixed sequence to make delays
    ///     predictable in tests.
    /// - Precondition: `initial >= 0`, `multiplier >= 1`, `maximum >= 0`,
    ///   `jitter` in `0...1`, none of them NaN. An infinite `initial` never retries.
    public static func exponential(
        initial: TimeInterval,
        multiplier: Double = 2,
        maximum: TimeInterval = .infinity,
        jitter: Double = 0,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) -> RetryBackoff {
        let call = "RetryBackoff.exponential(initial:multiplier:maximum:jitter:random:)"
        requireTimeValue(initial, .nonNegative, name: "initial delay", call: call)
        requireTimeValue(maximum, .nonNegative, name: "maximum delay", call: call)
        precondition(multiplier >= 1, "\(call) needs a multiplier of 1 or more, not \(multiplier)")
        precondition((0...1).contains(jitter), "\(call) needs a jitter in 0...1, not \(jitter)")
        return RetryBackoff(initial: initial, multiplier: multiplier, maximum: maximum, jitter: jitter, random: random)
    }

    /// An exponential backoff: `initial` before the first retry, then `multiplier`
    /// times longer before each next one, never more than `maximum`, each delay
    /// shortened by a random fraction of up to `jitter`.
    ///
    /// - Parameters:
    ///   - initial: the delay before the first retry.
    ///   - multiplier: the growth factor of the delay, 2 by default.
    ///   - maximum: the cap on the delay; none by default.
    ///   - jitter: the largest fraction of a delay that is randomly taken off, in
    ///     `0...1`; none by default.
    ///   - random: returns a random number in `0..<1` (values outside are clamped);
    ///     the system generator by default.
    /// - Precondition: `initial >= .zero`, `multiplier >= 1`, `maximum >= .zero`,
    ///   `jitter` in `0...1`.
    public static func exponential(
        initial: Duration,
        multiplier: Double = 2,
        maximum: Duration? = nil,
        jitter: Double = 0,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) -> RetryBackoff {
        exponential(
            initial: initial.timeInterval,
            multiplier: multiplier,
            maximum: maximum?.timeInterval ?? .infinity,
            jitter: jitter,
            random: random
        )
    }

    /// The delay before retry `retry` (1 for the first retry), in seconds. With
    /// jitter, each call draws a new random fraction. The delay may be infinite
    /// (never), but never NaN.
    ///
    /// - Precondition: `retry >= 1`.
    public func delay(beforeRetry retry: Int) -> TimeInterval {
        precondition(retry >= 1, "retries are counted from 1, not \(retry)")
        var capped = min(initial, maximum)
        var step = 1
        // A delay of 0 stays 0 (also with an infinite multiplier).
        while step < retry, capped > 0, capped < maximum {
            capped = min(capped * multiplier, maximum)
            step += 1
        }
        guard jitter > 0, capped.isFinite else { return capped }
        let fraction = min(max(random(), 0), 1)
        return capped * (1 - jitter * fraction)
    }
}

extension SignalProducer {
    /// Starts the producer again when it fails, at most `count` times, then
    /// forwards the last failure. Producer-only: a signal cannot be started again.
    ///
    /// Values sent by failed attempts are forwarded as they came. Completion and
    /// interruption end the stream. Disposing the run disposes the current attempt.
    /// Attempts that fail synchronously are restarted in a loop, not recursively.
    ///
    /// - Precondition: `count >= 0`.
    public func retry(upTo count: Int) -> SignalProducer<Value, Error> {
        precondition(count >= 0, "retry(upTo:) needs a count of 0 or more, not \(count)")
        return restarted(times: count, after: { $0.error != nil })
    }

    /// Starts the producer again on `scheduler`, `interval` seconds after each
    /// failure, at most `count` times; the failure of the last run is forwarded.
    ///
    /// ```swift
    /// api.fetchFeed().retry(upTo: 3, interval: 2, on: QueueScheduler.main)
    /// ```
    ///
    /// Values, completion and interruption pass through at once; a restarted run
    /// sends on `scheduler`. Disposing a run cancels a restart that is waiting.
    /// Producer-only: a signal cannot be started again.
    ///
    /// An infinite or huge interval never restarts.
    ///
    /// - Precondition: `count >= 0`, `interval >= 0`, not NaN.
    public func retry(upTo count: Int, interval: TimeInterval, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "retry(upTo:interval:on:)")
        return retry(upTo: count, on: scheduler, delay: { _ in interval })
    }

    /// Starts the producer again on `scheduler`, `interval` after each failure, at
    /// most `count` times; the failure of the last run is forwarded. Producer-only.
    ///
    /// - Precondition: `count >= 0`, `interval >= .zero`.
    public func retry(upTo count: Int, interval: Duration, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        retry(upTo: count, interval: interval.timeInterval, on: scheduler)
    }

    /// Starts the producer again on `scheduler` after each failure, at most `count`
    /// times, waiting before retry `n` what `backoff` says for it; the failure of
    /// the last run is forwarded.
    ///
    /// ```swift
    /// api.sync().retry(upTo: 5, backoff: .exponential(initial: 1, maximum: 30, jitter: 0.5), on: scheduler)
    /// ```
    ///
    /// Values, completion and interruption pass through at once; a restarted run
    /// sends on `scheduler`. Each run of the result counts its retries from 1.
    /// Disposing a run cancels a restart that is waiting. Producer-only: a signal
    /// cannot be started again.
    ///
    /// - Precondition: `count >= 0`.
    public func retry(upTo count: Int, backoff: RetryBackoff, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        retry(upTo: count, on: scheduler, delay: backoff.delay(beforeRetry:))
    }

    /// Restarts failed runs at most `count` times, starting retry `n` on
    /// `scheduler` `delay(n)` seconds after the failure before it.
    private func retry(
        upTo count: Int,
        on scheduler: some DateScheduler,
        delay: @escaping (_ retry: Int) -> TimeInterval
    ) -> SignalProducer<Value, Error> {
        precondition(count >= 0, "retry(upTo:) needs a count of 0 or more, not \(count)")
        return SignalProducer(prepareRun: {
            // Each run of the result counts its own retries.
            let attempts = Locked(0)
            let delayedAttempts = SignalProducer(prepareRun: {
                let run = makeRun()
                let retry = attempts.withLock { attempt in
                    defer { attempt += 1 }
                    return attempt
                }
                guard retry > 0 else { return run }
                let pendingStart = SerialDisposable()
                return Run(signal: run.signal, handle: DelayedStartHandle(run: run.handle, pendingStart: pendingStart)) { [start = run.start] in
                    let date = scheduler.date(after: delay(retry))
                    pendingStart.inner = scheduler.schedule(after: date, action: start)
                }
            })
            return delayedAttempts.restarted(times: count, after: { $0.error != nil }).makeRun()
        })
    }
}

/// The handle of a run whose start waits on a scheduler: disposing it cancels the
/// waiting start and interrupts the run.
private final class DelayedStartHandle: Disposable {
    private let run: any Disposable
    private let pendingStart: SerialDisposable

    init(run: any Disposable, pendingStart: SerialDisposable) {
        self.run = run
        self.pendingStart = pendingStart
    }

    var isDisposed: Bool { run.isDisposed }

    func dispose() {
        pendingStart.dispose()
        run.dispose()
    }
}
