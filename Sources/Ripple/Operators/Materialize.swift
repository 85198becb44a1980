// Materialize: turn events into values that cannot fail, and back.
//
//     materialize()             -a-b-#x   →   -.value(a)-.value(b)-.failed(x)|
//     dematerialize()           -.value(a)-.failed(x)|   →   -a-#x
//     materializeResults()      -a-b-#x   →   -.success(a)-.success(b)-.failure(x)|
//     dematerializeResults()    -.success(a)-.failure(x)|   →   -a-#x
//
// `materialize` sends every event, the terminal one included, as a value and then
// completes — or, after an interruption, is interrupted too, so that disposing a
// run still ends in `interrupted`; `materializeResults` sends values and a failure as values, then
// completes, and passes completion and interruption on as they are. Their
// inverses end the stream at the first terminal event they find in a value, and
// pass on the upstream's own completion or interruption. `materialize()` followed by
// `dematerialize()` gives back the original stream.

extension Signal {
    /// Sends every event as a value, the terminal one included, then ends.
    ///
    /// The result cannot fail: a failure upstream arrives as `.value(.failed(error))`
    /// followed by `completed`. An interruption arrives as `.value(.interrupted)`
    /// followed by `interrupted`, so that a disposed run still ends interrupted.
    public func materialize() -> Signal<Event, Never> {
        derived(forwarding: { (event, input: Signal<Event, Never>.Observer) in
            input.send(value: event)
            switch event {
            case .value: break
            case .interrupted: input.sendInterrupted()
            case .failed, .completed: input.sendCompleted()
            }
        })
    }

    /// Sends every value as `.success` and a failure as `.failure`, then completes.
    ///
    /// Completion and interruption pass through unchanged.
    public func materializeResults() -> Signal<Result<Value, Error>, Never> {
        derived(forwarding: { (event, input: Signal<Result<Value, Error>, Never>.Observer) in
            switch event {
            case let .value(value): input.send(value: .success(value))
            case let .failed(error):
                input.send(value: .failure(error))
                input.sendCompleted()
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }

    /// Sends the events that arrive as values: the inverse of ``materialize()``.
    ///
    /// The first terminal event among the values ends the stream; the upstream's own
    /// completion or interruption ends it too.
    public func dematerialize<U, F>() -> Signal<U, F> where Value == Signal<U, F>.Event, Error == Never {
        derived(forwarding: { (event, input: Signal<U, F>.Observer) in
            switch event {
            case let .value(inner): input.send(inner)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }

    /// Sends the `.success` values and fails with the first `.failure`: the inverse
    /// of ``materializeResults()``.
    ///
    /// The upstream's own completion or interruption passes through unchanged.
    public func dematerializeResults<U, F>() -> Signal<U, F> where Value == Result<U, F>, Error == Never {
        derived(forwarding: { (event, input: Signal<U, F>.Observer) in
            switch event {
            case let .value(.success(value)): input.send(value: value)
            case let .value(.failure(error)): input.send(error: error)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }
}

extension SignalProducer {
    /// Sends every event as a value, the terminal one included, then completes.
    ///
    /// The result cannot fail: a failure or an interruption upstream arrives as
    /// `.value(.failed(error))` or `.value(.interrupted)`, followed by `completed`.
    public func materialize() -> SignalProducer<Signal<Value, Error>.Event, Never> {
        lift { $0.materialize() }
    }

    /// Sends every value as `.success` and a failure as `.failure`, then completes.
    ///
    /// Completion and interruption pass through unchanged.
    public func materializeResults() -> SignalProducer<Result<Value, Error>, Never> {
        lift { $0.materializeResults() }
    }

    /// Sends the events that arrive as values: the inverse of ``materialize()``.
    ///
    /// The first terminal event among the values ends the stream; the upstream's own
    /// completion or interruption ends it too.
    public func dematerialize<U, F>() -> SignalProducer<U, F> where Value == Signal<U, F>.Event, Error == Never {
        lift { $0.dematerialize() }
    }

    /// Sends the `.success` values and fails with the first `.failure`: the inverse
    /// of ``materializeResults()``.
    ///
    /// The upstream's own completion or interruption passes through unchanged.
    public func dematerializeResults<U, F>() -> SignalProducer<U, F> where Value == Result<U, F>, Error == Never {
        lift { $0.dematerializeResults() }
    }
}
