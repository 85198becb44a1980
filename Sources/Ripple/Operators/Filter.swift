// Filter: forward only the values that pass a test.
//
//     filter { $0.isMultiple(of: 2) }     -1-2-3-4-|   →   ---2---4-|
//
// Failures, completion and interruption pass through unchanged and at once.

extension Signal {
    /// Forwards the values for which `isIncluded` returns `true`.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        derived { downstream, input in
            .events { event in
                withExtendedLifetime(input) {
                    if case let .value(value) = event, !isIncluded(value) { return }
                    downstream.deliverSerialised(event)
                }
            }
        }
    }

    @inlinable
    static func filterRelay(_ isIncluded: @escaping (Value) -> Bool) -> Relay<Value, Error> {
        { event, send in
            if case let .value(value) = event, !isIncluded(value) { return }
            send(event)
        }
    }
}

extension SignalProducer {
    /// Forwards the values for which `isIncluded` returns `true`.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        fused(Signal.filterRelay(isIncluded))
    }
}
