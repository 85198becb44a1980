// Awaiting results: suspend a task until a stream has given an answer.
//
//     first()                -a-b-c-|   →   a        (the run ends after a)
//     last()                 -a-b-c-|   →   c
//     collected()            -a-b-c-|   →   [a, b, c]
//     waitUntilCompleted()   -a-b-c-|   →   true
//     any of them            -a-#x      →   throws x          (typed: the stream's Error)
//     first(), last()        ---|       →   nil
//     collected()            ---|       →   []
//     last(), collected()    -a-b-⊘     →   nil              (interrupted: no answer)
//     waitUntilCompleted()   -a-b-⊘     →   false
//
// A failure is thrown as the stream's own error type, so `do throws(APIError)`
// catches exactly it. An interruption cannot be thrown through that type, and is
// not a failure: it means "no answer", which is `nil` (or `false`). Cancelling the
// awaiting task counts as an interruption: it disposes the subscription at once
// (a producer's run is interrupted, its lifetime ends) and the call returns `nil`
// (or `false`). A producer is started once per call; a signal is observed from
// the call on, before the calling task first suspends.

extension SignalProducer {
    /// Starts a run and returns its first value, ending the run as soon as that
    /// value arrives.
    ///
    /// ```swift
    /// let user = try await api.user(id: 7).first()
    /// ```
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: the first value, or `nil` if the run completed or was interrupted
    ///   before sending one, or if the task was cancelled (which ends the run).
    /// - Throws: the run's failure, if it fails before sending a value.
    public func first(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> Value? {
        try await take(first: 1).values.firstValue(isolation: isolation)
    }

    /// Starts a run and returns the last value it sent once it completes.
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: the last value, or `nil` if the run completed without a value, was
    ///   interrupted, or the task was cancelled (which ends the run).
    /// - Throws: the run's failure.
    public func last(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> Value? {
        try await take(last: 1).values.firstValue(isolation: isolation)
    }

    /// Starts a run and returns every value it sent, in order, once it completes.
    ///
    /// ```swift
    /// #expect(try await SignalProducer(values: 1, 2, 3).collected() == [1, 2, 3])
    /// ```
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: the values (`[]` if the run completed without one), or `nil` if the
    ///   run was interrupted or the task was cancelled (which ends the run).
    /// - Throws: the run's failure.
    public func collected(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> [Value]? {
        try await collect().values.firstValue(isolation: isolation)
    }

    /// Starts a run and waits for it to end, ignoring its values.
    ///
    /// ```swift
    /// try await viewModel.save.apply(draft).waitUntilCompleted()
    /// ```
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: `true` if the run completed; `false` if it was interrupted or the
    ///   task was cancelled (which ends the run).
    /// - Throws: the run's failure.
    @discardableResult
    public func waitUntilCompleted(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> Bool {
        try await completion(of: materialize().filter(\.isTerminating).values, isolation: isolation)
    }
}

extension Signal {
    /// Returns the next value this signal sends, and stops observing it then.
    ///
    /// The signal is observed from the call on, before the calling task suspends.
    ///
    /// ```swift
    /// let alert = await viewModel.alerts.first()
    /// ```
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: the next value, or `nil` if the signal completes or is interrupted
    ///   first (also when it had already terminated), or if the task is cancelled
    ///   (which stops the observation).
    /// - Throws: the signal's failure, if it fails before sending a value.
    public func first(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> Value? {
        try await producer.first(isolation: isolation)
    }

    /// Returns the last value this signal sends from the call on, once it
    /// completes.
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: the last value, or `nil` if the signal completes without sending
    ///   one, is interrupted (also when it had already terminated), or the task is
    ///   cancelled (which stops the observation).
    /// - Throws: the signal's failure.
    public func last(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> Value? {
        try await producer.last(isolation: isolation)
    }

    /// Returns every value this signal sends from the call on, in order, once it
    /// completes.
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: the values (`[]` if it completes without one), or `nil` if the
    ///   signal is interrupted (also when it had already terminated) or the task is
    ///   cancelled (which stops the observation).
    /// - Throws: the signal's failure.
    public func collected(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> [Value]? {
        try await producer.collected(isolation: isolation)
    }

    /// Waits for this signal to end, ignoring its values.
    ///
    /// - Parameter isolation: where the call runs; leave the default.
    /// - Returns: `true` if the signal completed; `false` if it was interrupted (also
    ///   when it had already terminated) or the task was cancelled (which stops the
    ///   observation).
    /// - Throws: the signal's failure.
    @discardableResult
    public func waitUntilCompleted(isolation: isolated (any Actor)? = #isolation) async throws(Error) -> Bool {
        try await producer.waitUntilCompleted(isolation: isolation)
    }
}

extension Signal.AsyncValues {
    /// The first value of a new iteration; the iteration ends with the call.
    fileprivate func firstValue(isolation: isolated (any Actor)?) async throws(Error) -> Value? {
        var iterator = makeAsyncIterator()
        return try await iterator.next(isolation: isolation)
    }
}

/// Reads the first of a stream's materialised terminal events: `true` for
/// completion, `false` for an interruption or a cancelled task; throws a failure.
private func completion<Value, Error>(
    of terminalEvents: Signal<Signal<Value, Error>.Event, Never>.AsyncValues,
    isolation: isolated (any Actor)?
) async throws(Error) -> Bool {
    var iterator = terminalEvents.makeAsyncIterator()
    switch await iterator.next(isolation: isolation) {
    case .completed?: return true
    case let .failed(error)?: throw error
    case .interrupted?, .value?, nil: return false
    }
}
