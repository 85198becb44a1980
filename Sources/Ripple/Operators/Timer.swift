#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Timers: producers that tick on a date scheduler, until disposed.
//
//     timer(interval: 1, on: s)              ---d1--d2--d3-…     (the scheduler's date at each tick)
//     interval(1, on: s)                     ---0---1---2--…
//     interval("ab", interval: 1, on: s)     ---a---b---|        (one element a tick, then completes)
//
// The first tick comes one interval after the run starts, then one every interval.
// `timer` and `interval(_:on:)` never complete or fail: end a run by disposing it,
// or with an operator such as `take(first:)`. `interval(_:interval:on:)` sends one
// element of its sequence on each tick and completes on the tick after the last
// one (as ReactiveSwift's does). When a run ends, its repeating work on the
// scheduler is cancelled. An infinite or huge interval never ticks.

extension SignalProducer where Value == Date, Error == Never {
    /// A producer whose runs send the scheduler's `currentDate` every `interval`
    /// seconds, starting one interval after the run starts, until the run is
    /// disposed.
    ///
    /// ```swift
    /// SignalProducer.timer(interval: 1, on: QueueScheduler.main)
    ///     .startWithValues { clock.text = formatter.string(from: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the time between two ticks, in seconds.
    ///   - scheduler: the scheduler whose clock times the ticks and on which values are sent.
    ///   - leeway: how late a tick may be, which lets the system save energy.
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN.
    public static func timer(
        interval: TimeInterval,
        on scheduler: some DateScheduler,
        leeway: TimeInterval = 0
    ) -> SignalProducer<Date, Never> {
        requireTimeValue(interval, .positive, call: "timer(interval:on:leeway:)")
        requireTimeValue(leeway, .nonNegative, name: "leeway", call: "timer(interval:on:leeway:)")
        return SignalProducer { observer, lifetime in
            let first = scheduler.date(after: interval)
            lifetime += scheduler.schedule(after: first, interval: interval, leeway: leeway) {
                guard !lifetime.hasEnded else { return }
                observer.send(value: scheduler.currentDate)
            }
        }
    }

    /// A producer whose runs send the scheduler's `currentDate` every `interval`,
    /// starting one interval after the run starts, until the run is disposed.
    ///
    /// - Parameters:
    ///   - interval: the time between two ticks.
    ///   - scheduler: the scheduler whose clock times the ticks and on which values are sent.
    ///   - leeway: how late a tick may be, which lets the system save energy.
    /// - Precondition: `interval > .zero`, `leeway >= .zero`.
    public static func timer(
        interval: Duration,
        on scheduler: some DateScheduler,
        leeway: Duration = .zero
    ) -> SignalProducer<Date, Never> {
        timer(interval: interval.timeInterval, on: scheduler, leeway: leeway.timeInterval)
    }
}

extension SignalProducer where Value == Int, Error == Never {
    /// A producer whose runs send 0, 1, 2, … every `interval` seconds, starting one
    /// interval after the run starts, until the run is disposed.
    ///
    /// A sixty-second countdown, as on a "send verification code" button:
    ///
    /// ```swift
    /// SignalProducer.interval(1, on: QueueScheduler.main)
    ///     .map { 60 - $0 }
    ///     .take(first: 61)          // 60, 59, …, 0, then completes
    /// ```
    ///
    /// - Parameters:
    ///   - interval: the time between two ticks, in seconds.
    ///   - scheduler: the scheduler whose clock times the ticks and on which values are sent.
    ///   - leeway: how late a tick may be, which lets the system save energy.
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN.
    public static func interval(
        _ interval: TimeInterval,
        on scheduler: some DateScheduler,
        leeway: TimeInterval = 0
    ) -> SignalProducer<Int, Never> {
        requireTimeValue(interval, .positive, call: "interval(_:on:leeway:)")
        requireTimeValue(leeway, .nonNegative, name: "leeway", call: "interval(_:on:leeway:)")
        return SignalProducer { observer, lifetime in
            let ticks = Locked(0)
            let first = scheduler.date(after: interval)
            lifetime += scheduler.schedule(after: first, interval: interval, leeway: leeway) {
                guard !lifetime.hasEnded else { return }
                let tick = ticks.withLock { count in
                    defer { count += 1 }
                    return count
                }
                observer.send(value: tick)
            }
        }
    }

    /// A producer whose runs send 0, 1, 2, … every `interval`, starting one interval
    /// after the run starts, until the run is disposed.
    ///
    /// - Parameters:
    ///   - interval: the time between two ticks.
    ///   - scheduler: the scheduler whose clock times the ticks and on which values are sent.
    ///   - leeway: how late a tick may be, which lets the system save energy.
    /// - Precondition: `interval > .zero`, `leeway >= .zero`.
    public static func interval(
        _ interval: Duration,
        on scheduler: some DateScheduler,
        leeway: Duration = .zero
    ) -> SignalProducer<Int, Never> {
        self.interval(interval.timeInterval, on: scheduler, leeway: leeway.timeInterval)
    }
}

extension SignalProducer where Error == Never {
    /// A producer whose runs send the elements of `values` in order, one every
    /// `interval` seconds starting one interval after the run starts, and complete
    /// on the tick after the last element.
    ///
    /// ```swift
    /// SignalProducer.interval(["3", "2", "1", "go"], interval: 1, on: scheduler)
    ///     .startWithValues { countdown.text = $0 }
    /// ```
    ///
    /// The sequence is iterated anew on every start, one element a tick, so it may
    /// be endless (`0...`); an empty one completes on the first tick.
    ///
    /// - Parameters:
    ///   - values: the elements to send, one a tick.
    ///   - interval: the time between two ticks, in seconds.
    ///   - scheduler: the scheduler whose clock times the ticks and on which values are sent.
    ///   - leeway: how late a tick may be, which lets the system save energy.
    /// - Precondition: `interval > 0`, `leeway >= 0`, neither NaN.
    public static func interval<S: Sequence>(
        _ values: S,
        interval: TimeInterval,
        on scheduler: some DateScheduler,
        leeway: TimeInterval = 0
    ) -> SignalProducer where S.Element == Value {
        requireTimeValue(interval, .positive, call: "interval(_:interval:on:leeway:)")
        requireTimeValue(leeway, .nonNegative, name: "leeway", call: "interval(_:interval:on:leeway:)")
        return SignalProducer<Int, Never>.interval(interval, on: scheduler, leeway: leeway).lift { ticks in
            // One iterator a run; the ticks' signal serialises what reaches it.
            var iterator = values.makeIterator()
            return ticks.derived(forwarding: { tick, input in
                switch tick {
                case .value:
                    if let value = iterator.next() {
                        input.send(value: value)
                    } else {
                        input.sendCompleted()
                    }
                case .completed: input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            })
        }
    }

    /// A producer whose runs send the elements of `values` in order, one every
    /// `interval` starting one interval after the run starts, and complete on the
    /// tick after the last element; see ``interval(_:interval:on:leeway:)-(_,TimeInterval,_,_)``.
    ///
    /// - Parameters:
    ///   - values: the elements to send, one a tick.
    ///   - interval: the time between two ticks.
    ///   - scheduler: the scheduler whose clock times the ticks and on which values are sent.
    ///   - leeway: how late a tick may be, which lets the system save energy.
    /// - Precondition: `interval > .zero`, `leeway >= .zero`.
    public static func interval<S: Sequence>(
        _ values: S,
        interval: Duration,
        on scheduler: some DateScheduler,
        leeway: Duration = .zero
    ) -> SignalProducer where S.Element == Value {
        self.interval(values, interval: interval.timeInterval, on: scheduler, leeway: leeway.timeInterval)
    }
}
