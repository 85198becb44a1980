// Errors: turn a check or a transformation that can fail into a failure of the
// stream. (Starting a failed producer again, `retry`, is in Retry.swift.)
//
//     attempt { try check($0) }         -a-b-c-|   →   -a-#x         (check(b) throws x)
//     attemptMap { try parse($0) }      -1-x-3-|   →   -1-#e         (parse("x") throws e)
//
// A thrown error, or a `.failure` result, fails the stream at once; upstream
// failures, completion and interruption pass through unchanged and at once. On a
// stream that cannot fail (`Error == Never`), the typed-throwing variants give a
// stream that fails with the closure's error type.
//
// Overloads: a closure that returns a `Result` also fits the throwing variants
// (with the `Result` as the value), and a closure that does not throw fits both
// the general and the `Error == Never` variants. The general throwing variants
// are `@_disfavoredOverload`, so that such calls pick the `Result` variant, or the
// `Never` variant, without annotations.

extension Signal {
    /// Calls `action` with every value and forwards the value if `action` returns;
    /// fails with the error if it throws.
    @_disfavoredOverload
    public func attempt(_ action: @escaping (Value) throws(Error) -> Void) -> Signal<Value, Error> {
        attemptMap { (value) throws(Error) -> Value in
            try action(value)
            return value
        }
    }

    /// Calls `action` with every value and forwards the value on `.success`; fails
    /// with the error on `.failure`.
    public func attempt(_ action: @escaping (Value) -> Result<(), Error>) -> Signal<Value, Error> {
        attemptMap { value in action(value).map { value } }
    }

    /// Transforms every value with `transform` and forwards the result; fails with
    /// the error if `transform` throws.
    @_disfavoredOverload
    public func attemptMap<U>(_ transform: @escaping (Value) throws(Error) -> U) -> Signal<U, Error> {
        attemptMap(transform, failingWith: { $0 })
    }

    /// Transforms every value with `transform` and forwards the `.success` value;
    /// fails with the error of a `.failure`.
    public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> Signal<U, Error> {
        attemptMap { (value) throws(Error) -> U in try transform(value).get() }
    }

    /// The one implementation of the family: `upstreamError` turns an upstream
    /// failure into the new stream's error type.
    func attemptMap<U, F>(
        _ transform: @escaping (Value) throws(F) -> U,
        failingWith upstreamError: @escaping (Error) -> F
    ) -> Signal<U, F> {
        derived(forwarding: { (event, input: Signal<U, F>.Observer) in
            switch event {
            case let .value(value):
                do throws(F) {
                    input.send(value: try transform(value))
                } catch {
                    input.send(error: error)
                }
            case let .failed(error): input.send(error: upstreamError(error))
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }
}

extension Signal where Error == Never {
    /// Calls `action` with every value and forwards the value if `action` returns;
    /// fails with the error if it throws. The stream cannot fail before, so the
    /// result fails with `action`'s error type.
    public func attempt<F>(_ action: @escaping (Value) throws(F) -> Void) -> Signal<Value, F> {
        attemptMap { (value) throws(F) -> Value in
            try action(value)
            return value
        }
    }

    /// Transforms every value with `transform` and forwards the result; fails with
    /// the error if `transform` throws. The stream cannot fail before, so the result
    /// fails with `transform`'s error type.
    public func attemptMap<U, F>(_ transform: @escaping (Value) throws(F) -> U) -> Signal<U, F> {
        // The upstream cannot fail: a closure over `Never` needs no body.
        attemptMap(transform, failingWith: { (never: Never) -> F in })
    }
}

extension SignalProducer {
    /// Calls `action` with every value and forwards the value if `action` returns;
    /// fails with the error if it throws.
    @_disfavoredOverload
    public func attempt(_ action: @escaping (Value) throws(Error) -> Void) -> SignalProducer<Value, Error> {
        lift { $0.attempt(action) }
    }

    /// Calls `action` with every value and forwards the value on `.success`; fails
    /// with the error on `.failure`.
    public func attempt(_ action: @escaping (Value) -> Result<(), Error>) -> SignalProducer<Value, Error> {
        lift { $0.attempt(action) }
    }

    /// Transforms every value with `transform` and forwards the result; fails with
    /// the error if `transform` throws.
    @_disfavoredOverload
    public func attemptMap<U>(_ transform: @escaping (Value) throws(Error) -> U) -> SignalProducer<U, Error> {
        lift { $0.attemptMap(transform) }
    }

    /// Transforms every value with `transform` and forwards the `.success` value;
    /// fails with the error of a `.failure`.
    public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> SignalProducer<U, Error> {
        lift { $0.attemptMap(transform) }
    }
}

extension SignalProducer where Error == Never {
    /// Calls `action` with every value and forwards the value if `action` returns;
    /// fails with the error if it throws. The stream cannot fail before, so the
    /// result fails with `action`'s error type.
    public func attempt<F>(_ action: @escaping (Value) throws(F) -> Void) -> SignalProducer<Value, F> {
        lift { $0.attempt(action) }
    }

    /// Transforms every value with `transform` and forwards the result; fails with
    /// the error if `transform` throws. The stream cannot fail before, so the result
    /// fails with `transform`'s error type.
    public func attemptMap<U, F>(_ transform: @escaping (Value) throws(F) -> U) -> SignalProducer<U, F> {
        lift { $0.attemptMap(transform) }
    }
}
