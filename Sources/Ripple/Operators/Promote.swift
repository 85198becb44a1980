// Promote: widen a type that has no inhabitants, so that a stream which cannot fail
// (or cannot send values) fits where another error (or value) type is expected.
//
//     promoteError(LoadError.self)    -a-b-|   →   -a-b-|      (Error: Never → LoadError)
//     promoteValue(Int.self)          ----|    →   ----|       (Value: Never → Int)
//
// Nothing changes but the type: every event passes through unchanged and at once.

extension Signal where Error == Never {
    /// The same stream, typed as one that can fail with `F`; it never does.
    ///
    /// Only for streams that cannot fail. `F` is usually inferred from the context:
    /// `loads.merge(with: taps.promoteError())`.
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
        derived(forwarding: { (event, input: Signal<Value, F>.Observer) in
            switch event {
            case let .value(value): input.send(value: value)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }
}

extension Signal where Value == Never {
    /// The same stream, typed as one that sends values of type `U`; it never does.
    ///
    /// Only for streams that cannot send values, such as `Lifetime.ended`.
    public func promoteValue<U>(_: U.Type = U.self) -> Signal<U, Error> {
        derived(forwarding: { (event, input: Signal<U, Error>.Observer) in
            switch event {
            case let .failed(error): input.send(error: error)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }
}

extension SignalProducer where Error == Never {
    /// The same stream, typed as one that can fail with `F`; it never does.
    ///
    /// Only for streams that cannot fail. `F` is usually inferred from the context:
    /// `loads.merge(with: taps.promoteError())`.
    public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> {
        liftEndingWithSource { $0.promoteError(F.self) }
    }
}

extension SignalProducer where Value == Never {
    /// The same stream, typed as one that sends values of type `U`; it never does.
    ///
    /// Only for streams that cannot send values, such as `Lifetime.ended`.
    public func promoteValue<U>(_: U.Type = U.self) -> SignalProducer<U, Error> {
        liftEndingWithSource { $0.promoteValue(U.self) }
    }
}
