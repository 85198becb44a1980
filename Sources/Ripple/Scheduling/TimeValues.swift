#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Time values: what the library accepts as an interval, and what it means.
//
//     0, -0.0, tiny      now, or as soon as the scheduler can
//     huge, .infinity    never: clamped to just past `Date.distantFuture`, where
//                        work is not scheduled at all (a timeout that never fires, a
//                        delay that never delivers, a timer that never ticks)
//     NaN, negative      a precondition failure naming the call and the value
//
// A repeating interval must also be more than 0. `Duration` values go through the
// same checks in seconds (a `Duration` is never NaN or infinite).

/// What a time value given to the library may be.
enum TimeValueRule {
    /// 0 or more: a delay, a deadline, a quiet time, a leeway.
    case nonNegative
    /// More than 0: the interval of repeating work.
    case positive
}

/// The message of the precondition failure for `seconds` given as `name` to
/// `call`, or `nil` if `seconds` obeys `rule`.
func timeValueProblem(_ seconds: TimeInterval, _ rule: TimeValueRule, name: String, call: String) -> String? {
    if seconds.isNaN {
        return "\(call) needs a \(name) that is a number of seconds, not \(seconds)"
    }
    switch rule {
    case .nonNegative where seconds < 0:
        return "\(call) needs a \(name) of 0 seconds or more, not \(seconds)"
    case .positive where seconds <= 0:
        return "\(call) needs a positive \(name), not \(seconds)"
    case .nonNegative, .positive:
        return nil
    }
}

/// Stops with a precondition failure naming `call` and the value unless
/// `seconds` obeys `rule`.
func requireTimeValue(_ seconds: TimeInterval, _ rule: TimeValueRule, name: String = "interval", call: String) {
    if let problem = timeValueProblem(seconds, rule, name: name, call: call) {
        preconditionFailure(problem)
    }
}

extension Date {
    /// `Date.distantFuture`: work due then or later never runs — unless a
    /// `TestScheduler`'s clock is already there (its `run()` leaves it there).
    static let never = Date.distantFuture

    /// Where an interval that reaches past ``never`` leads: later than any clock,
    /// so work due then never runs, even once a clock stands at ``never``.
    static let pastNever = Date(timeIntervalSinceReferenceDate: never.timeIntervalSinceReferenceDate.nextUp)

    /// Whether this date is so far ahead that work due then never runs.
    var isNever: Bool {
        self >= .never
    }

    /// This date moved by `interval` seconds (checked by the caller: not NaN), no
    /// later than ``pastNever`` — an infinite or huge interval means never, also
    /// from a clock at ``never`` — and no earlier than `Date.distantPast`.
    func adding(schedulerInterval interval: TimeInterval) -> Date {
        let seconds = timeIntervalSinceReferenceDate + interval
        if seconds > Date.never.timeIntervalSinceReferenceDate { return .pastNever }
        if seconds <= Date.distantPast.timeIntervalSinceReferenceDate { return .distantPast }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}

extension DateScheduler {
    /// The scheduler's `currentDate` plus `interval` seconds, clamped to
    /// `Date.distantFuture` (never) for an infinite or huge interval.
    func date(after interval: TimeInterval) -> Date {
        currentDate.adding(schedulerInterval: interval)
    }
}
