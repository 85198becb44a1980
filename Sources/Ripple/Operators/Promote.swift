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
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
        derived(relaying: Self.promoteErrorRelay())
    }

    @inlinable
    static func promoteErrorRelay<F>() -> Relay<Value, F> {
        { event, send in
            switch event {
            case let .value(value): send(.value(value))
            case .completed: send(.completed)
            case .interrupted: send(.interrupted)
            }
        }
    }
}

extension Signal where Value == Never {
    /// The same stream, typed as one that sends values of type `U`; it never does.
    ///
    /// Only for streams that cannot send values, such as `Lifetime.ended`.
    @inlinable
    public func promoteValue<U>(_: U.Type = U.self) -> Signal<U, Error> {
        derived(relaying: Self.promoteValueRelay())
    }

    @inlinable
    static func promoteValueRelay<U>() -> Relay<U, Error> {
        { event, send in
            switch event {
            case let .failed(error): send(.failed(error))
            case .completed: send(.completed)
            case .interrupted: send(.interrupted)
            }
        }
    }
}

extension SignalProducer where Error == Never {
    /// The same stream, typed as one that can fail with `F`; it never does.
    ///
    /// Only for streams that cannot fail. `F` is usually inferred from the context:
    /// `loads.merge(with: taps.promoteError())`.
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> {
        fused(Signal.promoteErrorRelay())
    }
}

extension SignalProducer where Value == Never {
    /// The same stream, typed as one that sends values of type `U`; it never does.
    ///
    /// Only for streams that cannot send values, such as `Lifetime.ended`.
    @inlinable
    public func promoteValue<U>(_: U.Type = U.self) -> SignalProducer<U, Error> {
        fused(Signal.promoteValueRelay())
    }
}
