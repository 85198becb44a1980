#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Timeout: give a stream a deadline to terminate by.
//
//     timeout(after: 3, raising: x, on: s)         -a-b-|       →   -a-b-|
//     timeout(after: 3, raising: x, on: s)         -a-b---c-|   →   -a-b#x
//     timeout(after: 3, on: s, fallback: -f-|)     -a-b---c-|   →   -a-b-f-|
//
// The deadline is `interval` after the stream is observed (a producer: after each
// run starts). Everything the stream sends before the deadline passes through at
// once; if it has not terminated by then, the result stops observing it and, on the
// scheduler, fails with the error, or starts the fallback and forwards its events
// instead, up to and including its terminal event. When the stream terminates in
// time, the deadline is cancelled. Only the deadline lives on the scheduler: the
// stream's own events, interruption included, are forwarded on the thread that
// sends them, as `delay` forwards a failure. An infinite or huge interval is no
// deadline at all.

extension Signal {
    /// Forwards this signal, failing with `error` on `scheduler` unless the signal
    /// terminates within `interval` seconds.
    ///
    /// ```swift
    /// login.timeout(after: 10, raising: .timedOut, on: QueueScheduler.main)
    /// ```
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func timeout(
        after interval: TimeInterval,
        raising error: Error,
        on scheduler: some DateScheduler
    ) -> Signal<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "timeout(after:raising:on:)")
        return Signal { input, lifetime in
            let deadline = scheduler.date(after: interval)
            lifetime += scheduler.schedule(after: deadline) {
                guard !lifetime.hasEnded else { return }
                input.send(error: error)
            }
            lifetime += observe(input)
        }
    }

    /// Forwards this signal, failing with `error` on `scheduler` unless the signal
    /// terminates within `interval`.
    ///
    /// - Precondition: `interval >= .zero`.
    public func timeout(
        after interval: Duration,
        raising error: Error,
        on scheduler: some DateScheduler
    ) -> Signal<Value, Error> {
        timeout(after: interval.timeInterval, raising: error, on: scheduler)
    }

    /// Forwards this signal until it terminates, or, if it has not terminated within
    /// `interval` seconds, stops observing it and forwards a run of `fallback`
    /// instead, started on `scheduler`.
    ///
    /// ```swift
    /// api.profile(id).timeout(after: 5, on: QueueScheduler.main, fallback: cache.profile(id))
    /// ```
    ///
    /// The switch is atomic: once the fallback has started, nothing more from this
    /// signal is forwarded, whichever threads send. The fallback is not started if
    /// the signal terminates in time.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func timeout(
        after interval: TimeInterval,
        on scheduler: some DateScheduler,
        fallback: SignalProducer<Value, Error>
    ) -> Signal<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "timeout(after:on:fallback:)")
        // Both the source and the fallback, and the deadline, feed one serialising
        // pipe, so that the switch happens in the order of that pipe.
        let subscriptions = CompositeDisposable()
        let sourceSubscription = SerialDisposable()
        let (inputs, sendInput) = Signal<TimeoutInput<Value, Error>, Never>.pipe(disposable: subscriptions)
        var hasTimedOut = false
        let result: Signal<Value, Error> = inputs.derived(forwarding: { tagged, input in
            guard case let .value(next) = tagged else {
                // `inputs` ends only once nothing can feed it any more.
                input.sendInterrupted()
                return
            }
            switch next {
            case let .source(event):
                if !hasTimedOut { input.send(event) }
            case .deadline:
                hasTimedOut = true
                sourceSubscription.dispose()
                subscriptions += fallback.start { sendInput.send(value: .fallback($0)) }
            case let .fallback(event):
                input.send(event)
            }
        })
        // Observed only now that `result` observes `inputs`: a source that has
        // already terminated answers `interrupted` at once, and that must reach it.
        subscriptions += sourceSubscription
        sourceSubscription.inner = observe { sendInput.send(value: .source($0)) }
        let deadline = scheduler.date(after: interval)
        subscriptions += scheduler.schedule(after: deadline) { sendInput.send(value: .deadline) }
        return result
    }

    /// Forwards this signal until it terminates, or, if it has not terminated within
    /// `interval`, stops observing it and forwards a run of `fallback` instead,
    /// started on `scheduler`.
    ///
    /// - Precondition: `interval >= .zero`.
    public func timeout(
        after interval: Duration,
        on scheduler: some DateScheduler,
        fallback: SignalProducer<Value, Error>
    ) -> Signal<Value, Error> {
        timeout(after: interval.timeInterval, on: scheduler, fallback: fallback)
    }
}

extension Signal where Error == Never {
    /// Forwards this signal, failing with `error` on `scheduler` unless the signal
    /// terminates within `interval` seconds. The signal cannot fail, so the result
    /// fails with `error`'s type.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func timeout<F>(
        after interval: TimeInterval,
        raising error: F,
        on scheduler: some DateScheduler
    ) -> Signal<Value, F> {
        promoteError(F.self).timeout(after: interval, raising: error, on: scheduler)
    }

    /// Forwards this signal, failing with `error` on `scheduler` unless the signal
    /// terminates within `interval`. The signal cannot fail, so the result fails
    /// with `error`'s type.
    ///
    /// - Precondition: `interval >= .zero`.
    public func timeout<F>(
        after interval: Duration,
        raising error: F,
        on scheduler: some DateScheduler
    ) -> Signal<Value, F> {
        timeout(after: interval.timeInterval, raising: error, on: scheduler)
    }
}

extension SignalProducer {
    /// Forwards each run, failing with `error` on `scheduler` unless the run
    /// terminates within `interval` seconds of its start; a run that times out is
    /// stopped.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func timeout(
        after interval: TimeInterval,
        raising error: Error,
        on scheduler: some DateScheduler
    ) -> SignalProducer<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "timeout(after:raising:on:)")
        return lift { $0.timeout(after: interval, raising: error, on: scheduler) }
    }

    /// Forwards each run, failing with `error` on `scheduler` unless the run
    /// terminates within `interval` of its start; a run that times out is stopped.
    ///
    /// - Precondition: `interval >= .zero`.
    public func timeout(
        after interval: Duration,
        raising error: Error,
        on scheduler: some DateScheduler
    ) -> SignalProducer<Value, Error> {
        timeout(after: interval.timeInterval, raising: error, on: scheduler)
    }

    /// Forwards each run until it terminates, or, if it has not terminated within
    /// `interval` seconds of its start, stops it and forwards a run of `fallback`
    /// instead, started on `scheduler`.
    ///
    /// The switch is atomic: once the fallback has started, nothing more from the
    /// stopped run is forwarded. The fallback is not started if the run terminates
    /// in time.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func timeout(
        after interval: TimeInterval,
        on scheduler: some DateScheduler,
        fallback: SignalProducer<Value, Error>
    ) -> SignalProducer<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "timeout(after:on:fallback:)")
        return lift { $0.timeout(after: interval, on: scheduler, fallback: fallback) }
    }

    /// Forwards each run until it terminates, or, if it has not terminated within
    /// `interval` of its start, stops it and forwards a run of `fallback` instead,
    /// started on `scheduler`.
    ///
    /// - Precondition: `interval >= .zero`.
    public func timeout(
        after interval: Duration,
        on scheduler: some DateScheduler,
        fallback: SignalProducer<Value, Error>
    ) -> SignalProducer<Value, Error> {
        timeout(after: interval.timeInterval, on: scheduler, fallback: fallback)
    }
}

extension SignalProducer where Error == Never {
    /// Forwards each run, failing with `error` on `scheduler` unless the run
    /// terminates within `interval` seconds of its start; a run that times out is
    /// stopped. The producer cannot fail, so the result fails with `error`'s type.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func timeout<F>(
        after interval: TimeInterval,
        raising error: F,
        on scheduler: some DateScheduler
    ) -> SignalProducer<Value, F> {
        requireTimeValue(interval, .nonNegative, call: "timeout(after:raising:on:)")
        return lift { $0.timeout(after: interval, raising: error, on: scheduler) }
    }

    /// Forwards each run, failing with `error` on `scheduler` unless the run
    /// terminates within `interval` of its start; a run that times out is stopped.
    /// The producer cannot fail, so the result fails with `error`'s type.
    ///
    /// - Precondition: `interval >= .zero`.
    public func timeout<F>(
        after interval: Duration,
        raising error: F,
        on scheduler: some DateScheduler
    ) -> SignalProducer<Value, F> {
        timeout(after: interval.timeInterval, raising: error, on: scheduler)
    }
}
