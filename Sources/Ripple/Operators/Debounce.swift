#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Debounce: the latest value, once the stream has been quiet for an interval.
//
//     debounce(2, on: s)                               -ab---cd---|   →   ----b----d-|
//     debounce(2, on: s)                               -ab|           →   ---|
//     debounce(2, on: s, discardWhenCompleted: false)  -ab|           →   ----(b|)
//
// Each value restarts the wait; a value goes out on the scheduler once `interval`
// has passed without a newer one. Completion discards the value still waiting and
// goes through the scheduler at once; when asked to keep that value, it goes out when
// its interval ends, and the completion right after it. Failure and interruption go
// through the scheduler at once and drop it. Once the result has terminated or is no
// longer observed, work waiting on the scheduler is dropped.

extension Signal {
    /// Sends a value on `scheduler` once `interval` seconds have passed without a
    /// newer value; a newer value restarts the wait and replaces it.
    ///
    /// ```swift
    /// searchText.debounce(0.3, on: QueueScheduler.main).observeValues(search)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the quiet time a value must wait out; after an infinite or
    ///     huge one, no value goes out (nor, if completion keeps the value, the
    ///     completion).
    ///   - scheduler: where values and every terminal event are sent.
    ///   - discardWhenCompleted: whether completion discards the value still
    ///     waiting and goes out at once (the default), or the value goes out when
    ///     its interval ends and the completion right after it. Failure and
    ///     interruption always drop it.
    /// - Precondition: `interval >= 0`, not NaN.
    public func debounce(
        _ interval: TimeInterval,
        on scheduler: some DateScheduler,
        discardWhenCompleted: Bool = true
    ) -> Signal<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "debounce(_:on:discardWhenCompleted:)")
        return Signal { input, lifetime in
            let state = Locked(DebounceState<Value>())
            let scheduled = SerialDisposable()
            lifetime += scheduled
            lifetime += observe { event in
                switch event {
                case let .value(value):
                    let date = scheduler.date(after: interval)
                    // The replaced value is released after the lock: its deinit is
                    // user code, which may reach this state again.
                    let (generation, replaced) = state.withLock { $0.replace(with: value, dueAt: date) }
                    withExtendedLifetime(replaced) {}
                    scheduled.inner = scheduler.schedule(after: date) {
                        guard !lifetime.hasEnded, let value = state.withLock({ $0.take(generation) }) else { return }
                        input.send(value: value)
                    }
                case .completed:
                    let (kept, dueDate) = state.withLock { $0.finish() }
                    guard !discardWhenCompleted, let kept else {
                        scheduled.inner = scheduler.schedule {
                            guard !lifetime.hasEnded else { return }
                            input.sendCompleted()
                        }
                        return
                    }
                    scheduled.inner = scheduler.schedule(after: dueDate) {
                        guard !lifetime.hasEnded else { return }
                        input.send(value: kept)
                        input.sendCompleted()
                    }
                case .failed, .interrupted:
                    _ = state.withLock { $0.finish() }
                    scheduled.inner = scheduler.schedule {
                        guard !lifetime.hasEnded else { return }
                        input.send(event)
                    }
                }
            }
        }
    }

    /// Sends a value on `scheduler` once `interval` has passed without a newer
    /// value; a newer value restarts the wait and replaces it.
    ///
    /// - Parameters:
    ///   - interval: the quiet time a value must wait out; after an infinite or
    ///     huge one, no value goes out.
    ///   - scheduler: where values and every terminal event are sent.
    ///   - discardWhenCompleted: whether completion discards the value still
    ///     waiting and goes out at once (the default), or the value goes out when
    ///     its interval ends and the completion right after it.
    /// - Precondition: `interval >= .zero`.
    public func debounce(
        _ interval: Duration,
        on scheduler: some DateScheduler,
        discardWhenCompleted: Bool = true
    ) -> Signal<Value, Error> {
        debounce(interval.timeInterval, on: scheduler, discardWhenCompleted: discardWhenCompleted)
    }
}

/// The state of `debounce`: the value waiting and the date its interval ends, and a
/// generation that tells the scheduled emission whether a newer value replaced it
/// meanwhile.
private struct DebounceState<Value> {
    var pending: Value?
    var dueDate = Date.distantPast
    var generation: UInt64 = 0

    /// Makes `value` the one waiting, until `date`; returns its generation, and the
    /// value it replaced, for the caller to release after the lock.
    mutating func replace(with value: Value, dueAt date: Date) -> (generation: UInt64, replaced: Value?) {
        var replaced: Value? = value
        swap(&pending, &replaced)
        dueDate = date
        generation &+= 1
        return (generation, replaced)
    }

    /// Takes the waiting value out if it is still the one of `expected`.
    mutating func take(_ expected: UInt64) -> Value? {
        guard generation == expected else { return nil }
        defer { pending = nil }
        return pending
    }

    /// Takes the waiting value out for good, with the date its interval ends.
    mutating func finish() -> (value: Value?, dueDate: Date) {
        generation &+= 1
        defer { pending = nil }
        return (pending, dueDate)
    }
}

extension SignalProducer {
    /// Sends a value on `scheduler` once `interval` seconds have passed without a
    /// newer value; a newer value restarts the wait and replaces it. Disposing a run
    /// drops the value still waiting.
    ///
    /// - Parameters:
    ///   - interval: the quiet time a value must wait out; after an infinite or
    ///     huge one, no value goes out.
    ///   - scheduler: where values and every terminal event are sent.
    ///   - discardWhenCompleted: whether completion discards the value still
    ///     waiting and goes out at once (the default), or the value goes out when
    ///     its interval ends and the completion right after it. Failure and
    ///     interruption always drop it.
    /// - Precondition: `interval >= 0`, not NaN.
    public func debounce(
        _ interval: TimeInterval,
        on scheduler: some DateScheduler,
        discardWhenCompleted: Bool = true
    ) -> SignalProducer<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "debounce(_:on:discardWhenCompleted:)")
        return lift(deliveringOn: scheduler) { $0.debounce(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted) }
    }

    /// Sends a value on `scheduler` once `interval` has passed without a newer
    /// value; a newer value restarts the wait and replaces it.
    ///
    /// - Parameters:
    ///   - interval: the quiet time a value must wait out; after an infinite or
    ///     huge one, no value goes out.
    ///   - scheduler: where values and every terminal event are sent.
    ///   - discardWhenCompleted: whether completion discards the value still
    ///     waiting and goes out at once (the default), or the value goes out when
    ///     its interval ends and the completion right after it.
    /// - Precondition: `interval >= .zero`.
    public func debounce(
        _ interval: Duration,
        on scheduler: some DateScheduler,
        discardWhenCompleted: Bool = true
    ) -> SignalProducer<Value, Error> {
        debounce(interval.timeInterval, on: scheduler, discardWhenCompleted: discardWhenCompleted)
    }
}
