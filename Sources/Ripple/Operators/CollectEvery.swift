#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Collect every: gather the values of each interval into an array.
//
//     collect(every: 3, on: s)                               -ab--c----|   →   ---x--y--z|     x = [a, b], y = [c], z = []
//     collect(every: 3, on: s, skipEmpty: true)              -ab--c----|   →   ---x--y---|
//     collect(every: 3, on: s, discardWhenCompleted: false)  -ab-c|        →   ---x--(y|)      y = [c]
//
// A repeating timer starts on the scheduler when the operator is applied (when a
// producer run starts) and sends, at every tick, the values gathered since the
// previous tick — an empty array too, unless `skipEmpty`. Completion goes through
// the scheduler at once and discards the values gathered since the last tick, or
// waits for the next tick to send them first when asked to. Failure and
// interruption go through the scheduler at once and drop them. The timer stops when
// the result terminates or is no longer observed. An infinite or huge interval
// never ticks.

extension Signal {
    /// Sends, every `interval` seconds on `scheduler`, an array of the values this
    /// signal sent since the previous tick.
    ///
    /// ```swift
    /// logLines.collect(every: 5, on: QueueScheduler(name: "upload")).observeValues(upload)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the time between ticks, from when the operator is applied.
    ///   - scheduler: where arrays and every terminal event are sent.
    ///   - skipEmpty: whether a tick with no new value sends nothing instead of `[]`.
    ///   - discardWhenCompleted: whether completion discards the values gathered
    ///     since the last tick (the default, completing at once) or waits for the
    ///     next tick to send them, then completes. Failure and interruption always
    ///     drop them.
    /// - Precondition: `interval > 0`, not NaN.
    public func collect(
        every interval: TimeInterval,
        on scheduler: some DateScheduler,
        skipEmpty: Bool = false,
        discardWhenCompleted: Bool = true
    ) -> Signal<[Value], Error> {
        requireTimeValue(interval, .positive, call: "collect(every:on:skipEmpty:discardWhenCompleted:)")
        return Signal<[Value], Error> { input, lifetime in
            let state = Locked(CollectEveryState<Value>())
            let timer = SerialDisposable()
            lifetime += timer
            let start = scheduler.date(after: interval)
            timer.inner = scheduler.schedule(after: start, interval: interval, leeway: interval * 0.1) {
                guard !lifetime.hasEnded else { return }
                let (values, isCompleted) = state.withLock { $0.tick(skipEmpty: skipEmpty) }
                if let values { input.send(value: values) }
                if isCompleted { input.sendCompleted() }
            }
            let terminate = { (terminal: Signal<[Value], Error>.Event) in
                // The dropped values are released after the lock: their deinits are
                // user code, which may reach this state again.
                _ = state.withLock { $0.terminate() }
                timer.inner = scheduler.schedule {
                    guard !lifetime.hasEnded else { return }
                    input.send(terminal)
                }
            }
            lifetime += observe { event in
                switch event {
                case let .value(value): state.withLock { $0.append(value) }
                case .completed where !discardWhenCompleted: state.withLock { $0.isCompleted = true }
                case .completed: terminate(.completed)
                case let .failed(error): terminate(.failed(error))
                case .interrupted: terminate(.interrupted)
                }
            }
        }
    }

    /// Sends, every `interval` on `scheduler`, an array of the values this signal
    /// sent since the previous tick.
    ///
    /// - Parameters:
    ///   - interval: the time between ticks, from when the operator is applied.
    ///   - scheduler: where arrays and every terminal event are sent.
    ///   - skipEmpty: whether a tick with no new value sends nothing instead of `[]`.
    ///   - discardWhenCompleted: whether completion discards the values gathered
    ///     since the last tick (the default) or waits for the next tick to send them.
    /// - Precondition: `interval > .zero`.
    public func collect(
        every interval: Duration,
        on scheduler: some DateScheduler,
        skipEmpty: Bool = false,
        discardWhenCompleted: Bool = true
    ) -> Signal<[Value], Error> {
        collect(every: interval.timeInterval, on: scheduler, skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted)
    }
}

/// The state of `collect(every:)`: the values gathered since the last tick.
private struct CollectEveryState<Value> {
    var values: [Value] = []
    var isCompleted = false
    var isTerminated = false

    mutating func append(_ value: Value) {
        values.append(value)
    }

    /// What a tick sends: the gathered values (`nil` when empty and `skipEmpty`, or
    /// once terminated), and whether to complete after them.
    mutating func tick(skipEmpty: Bool) -> (values: [Value]?, isCompleted: Bool) {
        guard !isTerminated else { return (nil, false) }
        isTerminated = isCompleted
        guard !(skipEmpty && values.isEmpty) else { return (nil, isCompleted) }
        defer { values = [] }
        return (values, isCompleted)
    }

    /// Drops the gathered values for good; returns them, for the caller to release
    /// after the lock.
    mutating func terminate() -> [Value] {
        isTerminated = true
        defer { values = [] }
        return values
    }
}

extension SignalProducer {
    /// Sends, every `interval` seconds on `scheduler`, an array of the values this
    /// producer sent since the previous tick; the ticks of each run count from its
    /// start. Disposing a run drops the values gathered.
    ///
    /// - Parameters:
    ///   - interval: the time between ticks, from when a run starts.
    ///   - scheduler: where arrays and every terminal event are sent.
    ///   - skipEmpty: whether a tick with no new value sends nothing instead of `[]`.
    ///   - discardWhenCompleted: whether completion discards the values gathered
    ///     since the last tick (the default, completing at once) or waits for the
    ///     next tick to send them, then completes. Failure and interruption always
    ///     drop them.
    /// - Precondition: `interval > 0`, not NaN.
    public func collect(
        every interval: TimeInterval,
        on scheduler: some DateScheduler,
        skipEmpty: Bool = false,
        discardWhenCompleted: Bool = true
    ) -> SignalProducer<[Value], Error> {
        requireTimeValue(interval, .positive, call: "collect(every:on:skipEmpty:discardWhenCompleted:)")
        return lift(deliveringOn: scheduler) { $0.collect(every: interval, on: scheduler, skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted) }
    }

    /// Sends, every `interval` on `scheduler`, an array of the values this producer
    /// sent since the previous tick; the ticks of each run count from its start.
    ///
    /// - Parameters:
    ///   - interval: the time between ticks, from when a run starts.
    ///   - scheduler: where arrays and every terminal event are sent.
    ///   - skipEmpty: whether a tick with no new value sends nothing instead of `[]`.
    ///   - discardWhenCompleted: whether completion discards the values gathered
    ///     since the last tick (the default) or waits for the next tick to send them.
    /// - Precondition: `interval > .zero`.
    public func collect(
        every interval: Duration,
        on scheduler: some DateScheduler,
        skipEmpty: Bool = false,
        discardWhenCompleted: Bool = true
    ) -> SignalProducer<[Value], Error> {
        collect(every: interval.timeInterval, on: scheduler, skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted)
    }
}
