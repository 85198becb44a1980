#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Delay: shift events later on a date scheduler.
//
//     delay(2, on: s)     -a-b-|      →   ---a-b-|
//     delay(2, on: s)     -a-#x       →   -#x          (the failure is not delayed)
//
// `delay` shifts values and completion by the interval; a failure or an
// interruption is sent on the scheduler at once, and values still waiting are then
// dropped.

extension Signal {
    /// Sends every value, and completion, `interval` seconds later on `scheduler`;
    /// a failure or an interruption goes through the scheduler at once, dropping the
    /// values still waiting.
    ///
    /// An infinite or huge interval never delivers values or completion.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func delay(_ interval: TimeInterval, on scheduler: some DateScheduler) -> Signal<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "delay(_:on:)")
        return Signal { input, lifetime in
            lifetime += observe { event in
                switch event {
                case .failed, .interrupted:
                    scheduler.schedule {
                        guard !lifetime.hasEnded else { return }
                        input.send(event)
                    }
                case .value, .completed:
                    let date = scheduler.date(after: interval)
                    scheduler.schedule(after: date) {
                        guard !lifetime.hasEnded else { return }
                        input.send(event)
                    }
                }
            }
        }
    }

    /// Sends every value, and completion, `interval` later on `scheduler`; a
    /// failure or an interruption goes through the scheduler at once.
    ///
    /// - Precondition: `interval >= .zero`.
    public func delay(_ interval: Duration, on scheduler: some DateScheduler) -> Signal<Value, Error> {
        delay(interval.timeInterval, on: scheduler)
    }
}

extension SignalProducer {
    /// Sends every value, and completion, `interval` seconds later on `scheduler`;
    /// a failure or an interruption goes through the scheduler at once, dropping the
    /// values still waiting. An infinite or huge interval never delivers values or
    /// completion.
    ///
    /// - Precondition: `interval >= 0`, not NaN.
    public func delay(_ interval: TimeInterval, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        requireTimeValue(interval, .nonNegative, call: "delay(_:on:)")
        return lift(deliveringOn: scheduler) { $0.delay(interval, on: scheduler) }
    }

    /// Sends every value, and completion, `interval` later on `scheduler`.
    ///
    /// - Precondition: `interval >= .zero`.
    public func delay(_ interval: Duration, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        delay(interval.timeInterval, on: scheduler)
    }
}
