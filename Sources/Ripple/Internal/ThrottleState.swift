#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The state of each form of `throttle` (Operators/Throttle.swift), behind the
// operator's lock.

/// The state of `throttle(_:on:)`: the value waiting for its emission, if any, the
/// date that emission is scheduled for, and the date of the previous emission.
struct ThrottleState<Value> {
    var pending: Value?
    var dueDate = Date.distantPast
    var previousDate: Date?

    /// Keeps `value` as the one to send; returns the date to schedule the emission
    /// at, or `nil` if the emission already scheduled stays as it is, and the value
    /// `value` replaced, for the caller to release after the lock. A clock that has
    /// gone back before the previous emission makes the emission due now, also
    /// when one was scheduled later.
    mutating func offer(_ value: Value, now: Date, interval: TimeInterval) -> (date: Date?, replaced: Value?) {
        var replaced: Value? = value
        swap(&pending, &replaced)
        let date: Date
        if let previousDate, previousDate <= now {
            date = max(now, previousDate.adding(schedulerInterval: interval))
        } else {
            date = now
        }
        guard replaced == nil || date < dueDate else { return (nil, replaced) }
        dueDate = date
        return (date, replaced)
    }

    /// Takes the waiting value out, recording `date` as the emission's date.
    mutating func take(at date: Date) -> Value? {
        guard let value = pending else { return nil }
        pending = nil
        previousDate = date
        return value
    }
}

/// The state of `throttle(while:on:)`.
struct ThrottleWhileState<Value> {
    var isThrottling = false
    var held: Value?
    var isTerminated = false

    /// Records the condition; returns the held value when throttling stops.
    mutating func setThrottling(_ throttling: Bool) -> Value? {
        guard !isTerminated else { return nil }
        isThrottling = throttling
        guard !throttling else { return nil }
        defer { held = nil }
        return held
    }

    /// Whether `value` passes now; otherwise it is held, and the value it replaces
    /// is returned, for the caller to release after the lock.
    mutating func passes(_ value: Value) -> (passes: Bool, replaced: Value?) {
        guard isThrottling else { return (true, nil) }
        var replaced: Value? = value
        swap(&held, &replaced)
        return (false, replaced)
    }

    /// Drops the held value for good; returns it, for the caller to release after
    /// the lock.
    mutating func terminate() -> Value? {
        isTerminated = true
        return held.take()
    }
}
