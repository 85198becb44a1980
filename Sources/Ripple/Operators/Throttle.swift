#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Throttle: at most one value per interval, or none while a condition holds.
//
//     throttle(3, on: s)               -abc-----d|      →   -a--c----d|
//     throttle(3, on: s)               -ab|             →   -a|
//     throttle(while: paused, on: s)   paused: F--T----F----
//                                      -a---b-c----|    →   -a------c---|
//
// `throttle(_:on:)` sends the first value on the scheduler's next tick (a value sent
// before that tick replaces it); values that arrive within `interval` of the
// previous emission collapse to the latest, which goes out at previous emission +
// interval — never after an infinite or huge interval. If the scheduler's clock has
// gone back before the previous emission (a clock set back, `TestScheduler.rewind`),
// the next value goes out at once, replacing one still waiting for the old clock,
// and the interval counts from there. `throttle(while:on:)` holds the latest
// value while the condition is `true` and sends it when the condition turns `false`.
// Every event goes through the scheduler; a terminal event goes at once and drops
// a value still held or waiting. Once the result has terminated or is no longer
// observed, work waiting on the scheduler is dropped.

extension Signal {
    /// Sends at most one value per `interval` seconds on `scheduler`: the first value
    /// at once (on the scheduler's next tick), then, of the values that arrive within
    /// `interval` of the previous emission, only the latest, at previous emission +
    /// `interval`.
    ///
    /// ```swift
    /// searchText.throttle(1.0, on: QueueScheduler.main).flatMap(.latest) { api.search($0) }
    /// ```
    ///
    /// A value waiting for its emission is replaced by any newer one, also before the
    /// first tick. Completion, failure and interruption go through `scheduler` at
    /// once and drop a value still waiting. If the scheduler's clock has gone back
    /// before the previous emission (a clock set back,
    /// ``TestScheduler/rewind(by:)-(TimeInterval)``), the next value goes out at
    /// once, even if a value was waiting for an emission due on the old clock. After
    /// an infinite or huge interval, no value but the first goes out.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func throttle(_ interval: TimeInterval, on scheduler: some DateScheduler) -> Signal<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "throttle(_:on:)")
        return Signal { input, lifetime in
            let state = Locked(ThrottleState<Value>())
            let scheduled = SerialDisposable()
            lifetime += scheduled
            lifetime += observe { event in
                guard case let .value(value) = event else {
                    // Taken out, so that it is released after the lock (its deinit is
                    // user code, which may reach this state again).
                    _ = state.withLock { $0.pending.take() }
                    scheduled.inner = scheduler.schedule {
                        guard !lifetime.hasEnded else { return }
                        input.send(event)
                    }
                    return
                }
                let now = scheduler.currentDate
                let (date, replaced) = state.withLock { $0.offer(value, now: now, interval: interval) }
                withExtendedLifetime(replaced) {}
                guard let date else { return }
                scheduled.inner = scheduler.schedule(after: date) {
                    // The emission's own time, which is later than `date` if the clock
                    // had already passed it: the next one is due an interval after this.
                    let emitted = scheduler.currentDate
                    guard !lifetime.hasEnded, let value = state.withLock({ $0.take(at: emitted) }) else { return }
                    input.send(value: value)
                }
            }
        }
    }

    /// Sends at most one value per `interval` on `scheduler`: the first value at once
    /// (on the scheduler's next tick), then the latest of those that arrive within
    /// `interval` of the previous emission, at previous emission + `interval`.
    ///
    /// - Precondition: `interval >= .zero`.
    public func throttle(_ interval: Duration, on scheduler: some DateScheduler) -> Signal<Value, Error> {
        throttle(interval.timeInterval, on: scheduler)
    }

    /// While `shouldThrottle` is `true`, holds the latest value instead of sending
    /// it; when `shouldThrottle` turns `false`, sends the held value. Values pass
    /// while it is `false`. Every event is sent on `scheduler`, in order.
    ///
    /// ```swift
    /// updates.throttle(while: isScrolling, on: UIScheduler()).observeValues(render)
    /// ```
    ///
    /// `shouldThrottle` starts `false` until it sends a value; a producer is started
    /// once, when the operator is applied, and disposed when the result terminates.
    /// Its termination leaves the throttle as it is. A terminal event of this signal
    /// drops a held value.
    public func throttle(
        while shouldThrottle: some SignalProducerConvertible<Bool, Never>,
        on scheduler: some Scheduler
    ) -> Signal<Value, Error> {
        Signal { input, lifetime in
            let state = Locked(ThrottleWhileState<Value>())
            let forward = { (event: Event) in
                _ = scheduler.schedule {
                    guard !lifetime.hasEnded else { return }
                    input.send(event)
                }
            }
            shouldThrottle.producer.startWithSignal { condition, interrupter in
                lifetime += condition.observe { event in
                    guard case let .value(isThrottling) = event,
                          let held = state.withLock({ $0.setThrottling(isThrottling) })
                    else { return }
                    forward(.value(held))
                }
                lifetime += interrupter
            }
            lifetime += observe { event in
                // A value the state lets go is released after the lock.
                if case let .value(value) = event {
                    let (passes, replaced) = state.withLock { $0.passes(value) }
                    withExtendedLifetime(replaced) {}
                    guard passes else { return }
                } else {
                    _ = state.withLock { $0.terminate() }
                }
                forward(event)
            }
        }
    }
}

extension SignalProducer {
    /// Sends at most one value per `interval` seconds on `scheduler`: the first value
    /// at once (on the scheduler's next tick), then, of the values that arrive within
    /// `interval` of the previous emission, only the latest, at previous emission +
    /// `interval`.
    ///
    /// A value waiting for its emission is replaced by any newer one, also before the
    /// first tick. Completion, failure and interruption go through `scheduler` at
    /// once and drop a value still waiting; disposing a run drops it too. If the
    /// scheduler's clock has gone back before the previous emission, the next value
    /// goes out at once, even if a value was waiting for an emission due on the old
    /// clock.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func throttle(_ interval: TimeInterval, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "throttle(_:on:)")
        return lift(deliveringOn: scheduler) { $0.throttle(interval, on: scheduler) }
    }

    /// Sends at most one value per `interval` on `scheduler`: the first value at once
    /// (on the scheduler's next tick), then the latest of those that arrive within
    /// `interval` of the previous emission, at previous emission + `interval`.
    ///
    /// - Precondition: `interval >= .zero`.
    public func throttle(_ interval: Duration, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        throttle(interval.timeInterval, on: scheduler)
    }

    /// While `shouldThrottle` is `true`, holds the latest value instead of sending
    /// it; when `shouldThrottle` turns `false`, sends the held value. Values pass
    /// while it is `false`. Every event is sent on `scheduler`, in order.
    ///
    /// `shouldThrottle` starts `false` until it sends a value; a producer is started
    /// once per run and disposed when the run ends. Its termination leaves the
    /// throttle as it is. A terminal event drops a held value.
    public func throttle(
        while shouldThrottle: some SignalProducerConvertible<Bool, Never>,
        on scheduler: some Scheduler
    ) -> SignalProducer<Value, Error> {
        let condition = shouldThrottle.producer
        return lift(deliveringOn: scheduler) { $0.throttle(while: condition, on: scheduler) }
    }
}
