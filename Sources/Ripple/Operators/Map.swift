// Map: transform each value, or each error, on its way through.
//
//     map { $0.uppercased() }     -a-b-c-|   →   -A-B-C-|
//     mapError(Wrapped.init)      -a-#x      →   -a-#X
//     compactMap(Int.init)        -1-x-3-|   →   -1---3-|     (also `filterMap`, its former name)
//     skipNil()                   -a-∅-c-|   →   -a---c-|
//
// Failures, completion and interruption pass through unchanged and at once.

extension Signal {
    /// Transforms every value with `transform`.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> {
        derived { downstream, input in
            .events { event in
                withExtendedLifetime(input) { downstream.deliverSerialised(event.map(transform)) }
            }
        }
    }

    /// Replaces every value with the value at `keyPath`.
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Error> {
        map { $0[keyPath: keyPath] }
    }

    /// Replaces every value with `value`.
    @_disfavoredOverload
    public func map<U>(value: U) -> Signal<U, Error> {
        map { _ in value }
    }

    /// Transforms the error of a failure with `transform`.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> Signal<Value, F> {
        derived { downstream, input in
            .events { event in
                withExtendedLifetime(input) { downstream.deliverSerialised(event.mapError(transform)) }
            }
        }
    }

    /// Transforms every value with `transform` and forwards the non-`nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        derived { downstream, input in
            .events { event in
                withExtendedLifetime(input) {
                    let transformed: Signal<U, Error>.Event
                    switch event {
                    case let .value(value):
                        guard let value = transform(value) else { return }
                        transformed = .value(value)
                    case let .failed(error): transformed = .failed(error)
                    case .completed: transformed = .completed
                    case .interrupted: transformed = .interrupted
                    }
                    downstream.deliverSerialised(transformed)
                }
            }
        }
    }

    /// Transforms every value with `transform` and forwards the non-`nil` results:
    /// ReactiveSwift's former name of ``compactMap(_:)``.
    @inlinable
    public func filterMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        compactMap(transform)
    }
}

extension Signal where Value: OptionalProtocol {
    /// Forwards the non-`nil` values, unwrapped.
    public func skipNil() -> Signal<Value.Wrapped, Error> {
        compactMap { $0.optional }
    }
}

extension SignalProducer {
    /// Transforms every value with `transform`.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        fused(Signal.mapRelay(transform))
    }

    /// Replaces every value with the value at `keyPath`.
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> SignalProducer<U, Error> {
        map { $0[keyPath: keyPath] }
    }

    /// Replaces every value with `value`.
    @_disfavoredOverload
    public func map<U>(value: U) -> SignalProducer<U, Error> {
        map { _ in value }
    }

    /// Transforms the error of a failure with `transform`.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> SignalProducer<Value, F> {
        fused(Signal.mapErrorRelay(transform))
    }

    /// Transforms every value with `transform` and forwards the non-`nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
        fused(Signal.compactMapRelay(transform))
    }

    /// Transforms every value with `transform` and forwards the non-`nil` results:
    /// ReactiveSwift's former name of ``compactMap(_:)``.
    @inlinable
    public func filterMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
        compactMap(transform)
    }
}

extension SignalProducer where Value: OptionalProtocol {
    /// Forwards the non-`nil` values, unwrapped.
    public func skipNil() -> SignalProducer<Value.Wrapped, Error> {
        compactMap { $0.optional }
    }
}

// The relays, shared by the operators on Signal and on SignalProducer.
extension Signal {
    @inlinable
    static func mapRelay<U>(_ transform: @escaping (Value) -> U) -> Relay<U, Error> {
        { event, send in send(event.map(transform)) }
    }

    @inlinable
    static func mapErrorRelay<F>(_ transform: @escaping (Error) -> F) -> Relay<Value, F> {
        { event, send in send(event.mapError(transform)) }
    }

    @inlinable
    static func compactMapRelay<U>(_ transform: @escaping (Value) -> U?) -> Relay<U, Error> {
        { event, send in
            switch event {
            case let .value(value):
                if let transformed = transform(value) { send(.value(transformed)) }
            case let .failed(error): send(.failed(error))
            case .completed: send(.completed)
            case .interrupted: send(.interrupted)
            }
        }
    }
}
