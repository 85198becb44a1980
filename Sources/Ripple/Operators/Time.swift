#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Time: shift events later on a date scheduler.
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
    /// - Precondition: `interval >= 0`.
    public func delay(_ interval: TimeInterval, on scheduler: some DateScheduler) -> Signal<Value, Error> {
        precondition(interval >= 0, "delay needs an interval of 0 or more, not \(interval)")
        return Signal { input, lifetime in
            lifetime += observe { event in
                switch event {
                case .failed, .interrupted:
                    scheduler.schedule {
                        guard !lifetime.hasEnded else { return }
                        input.send(event)
                    }
                case .value, .completed:
                    let date = scheduler.currentDate.addingTimeInterval(interval)
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
    public func delay(_ interval: Duration, on scheduler: some DateScheduler) -> Signal<Value, Error> {
        delay(interval.timeInterval, on: scheduler)
    }
}

extension SignalProducer {
    /// Sends every value, and completion, `interval` seconds later on `scheduler`;
    /// a failure or an interruption goes through the scheduler at once, dropping the
    /// values still waiting.
    ///
    /// - Precondition: `interval >= 0`.
    public func delay(_ interval: TimeInterval, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        lift { $0.delay(interval, on: scheduler) }
    }

    /// Sends every value, and completion, `interval` later on `scheduler`.
    public func delay(_ interval: Duration, on scheduler: some DateScheduler) -> SignalProducer<Value, Error> {
        lift { $0.delay(interval, on: scheduler) }
    }
}
