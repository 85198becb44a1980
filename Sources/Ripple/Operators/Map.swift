// Map: transform each value, or each error, on its way through.
//
//     map { $0.uppercased() }     -a-b-c-|   →   -A-B-C-|
//     mapError(Wrapped.init)      -a-#x      →   -a-#X
//     compactMap(Int.init)        -1-x-3-|   →   -1---3-|
//     skipNil()                   -a-∅-c-|   →   -a---c-|
//
// Failures, completion and interruption pass through unchanged and at once.

extension Signal {
    /// Transforms every value with `transform`.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> {
        derived(forwarding: { event, input in input.send(event.map(transform)) })
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
        derived(forwarding: { event, input in input.send(event.mapError(transform)) })
    }

    /// Transforms every value with `transform` and forwards the non-`nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        derived(forwarding: { (event, input: Signal<U, Error>.Observer) in
            switch event {
            case let .value(value):
                if let transformed = transform(value) { input.send(value: transformed) }
            case let .failed(error): input.send(error: error)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }

    /// Forwards the non-`nil` values, unwrapped.
    public func skipNil<Wrapped>() -> Signal<Wrapped, Error> where Value == Wrapped? {
        compactMap { $0 }
    }
}

extension SignalProducer {
    /// Transforms every value with `transform`.
    public func map<U>(_ transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        liftEndingWithSource { $0.map(transform) }
    }

    /// Replaces every value with the value at `keyPath`.
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> SignalProducer<U, Error> {
        liftEndingWithSource { $0.map(keyPath) }
    }

    /// Replaces every value with `value`.
    @_disfavoredOverload
    public func map<U>(value: U) -> SignalProducer<U, Error> {
        liftEndingWithSource { $0.map(value: value) }
    }

    /// Transforms the error of a failure with `transform`.
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> SignalProducer<Value, F> {
        liftEndingWithSource { $0.mapError(transform) }
    }

    /// Transforms every value with `transform` and forwards the non-`nil` results.
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> SignalProducer<U, Error> {
        liftEndingWithSource { $0.compactMap(transform) }
    }

    /// Forwards the non-`nil` values, unwrapped.
    public func skipNil<Wrapped>() -> SignalProducer<Wrapped, Error> where Value == Wrapped? {
        liftEndingWithSource { $0.skipNil() }
    }
}
