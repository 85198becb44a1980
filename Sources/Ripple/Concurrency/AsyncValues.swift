// Async values: a stream's values as an `AsyncSequence` whose failure is the
// stream's own error type.
//
//     stream:      -1-2-3-|        -1-2-#x        -1-2-⊘ (interrupted)
//     for await:    1 2 3 end       1 2 throws x    1 2 end
//
// A `Never`-failing stream is iterated with `for await`, an `APIError` stream with
// `for try await` inside `do throws(APIError)`. `signal.values` observes the signal
// as soon as it is created, so nothing sent after that is missed;
// `producer.values` starts one run per `makeAsyncIterator()`; `property.values`
// starts with the current value. Values the task has not taken yet wait in a
// buffer (unbounded unless a policy says otherwise). Completion and interruption
// end the iteration; a failure is thrown after the values sent before it.
// Cancelling the iterating task, breaking out of the loop or dropping the iterator
// disposes the subscription: a producer's run is interrupted and its lifetime ends.

/// How many values that the iterating task has not taken yet an ``Signal/AsyncValues``
/// keeps. The terminal event is always kept, after the values.
public enum AsyncBufferingPolicy: Sendable, Hashable {
    /// Keeps every value: nothing is lost, and a slow consumer lets the buffer grow.
    case unbounded
    /// Keeps the newest `count` values, dropping the oldest one when a value
    /// arrives and the buffer is full. `.bufferingNewest(1)` gives the latest
    /// state, as a view wants.
    ///
    /// - Precondition: `count > 0`.
    case bufferingNewest(Int)
    /// Keeps the oldest `count` values, dropping every value that arrives while the
    /// buffer is full.
    ///
    /// - Precondition: `count > 0`.
    case bufferingOldest(Int)

    fileprivate func checked() -> Self {
        switch self {
        case .unbounded:
            break
        case let .bufferingNewest(count), let .bufferingOldest(count):
            precondition(count > 0, "an AsyncBufferingPolicy needs a positive count, not \(count)")
        }
        return self
    }
}

extension Signal {
    /// The values of a signal or of a producer's runs as an `AsyncSequence` that
    /// throws the stream's own `Error`; made by ``Signal/values``,
    /// ``SignalProducer/values``, ``PropertyProtocol/values`` and their
    /// `values(bufferingPolicy:)` forms.
    ///
    /// ```swift
    /// for await count in counter.values { label.text = "\(count)" }  // Never: no `try`
    ///
    /// do throws(APIError) {
    ///     for try await page in api.pages(of: query).values { show(page) }
    /// } catch {
    ///     report(error)  // an APIError
    /// }
    /// ```
    ///
    /// Iteration:
    /// - Each value is delivered once, in order; a failure is thrown after the values
    ///   sent before it. Completion and interruption end the iteration (`nil`).
    /// - Values the task has not taken yet are kept as the ``AsyncBufferingPolicy``
    ///   says (``AsyncBufferingPolicy/unbounded`` by default).
    /// - Cancelling the iterating task while it waits for a value disposes the
    ///   subscription at once and ends the iteration without an error; a task
    ///   cancelled while doing something else ends it at its next call to `next`.
    ///   Leaving the loop early (`break`, `return`, a thrown error) or dropping the
    ///   iterator disposes the subscription too. Disposing ends a producer's run
    ///   (its lifetime ends) and detaches from a signal.
    /// - Of a signal, the first iterator receives what the signal sent from the
    ///   moment the sequence was created; a later iterator observes from its own
    ///   `makeAsyncIterator()`. A sequence dropped without being iterated stops
    ///   observing. Of a producer, every iterator starts a run of its own.
    ///
    /// `Value` need not be `Sendable`: each value passes from the thread that sends
    /// it to the iterating task, as with ``Signal/observe(on:)``; a non-`Sendable`
    /// value must not be changed by its sender once sent. The sequence itself is
    /// `Sendable` when `Value` is, like the signal.
    public struct AsyncValues: AsyncSequence {
        /// The values of the stream.
        public typealias Element = Value

        /// The stream's error type: iteration throws exactly this, and a `Never`
        /// stream is iterated without `try`.
        public typealias Failure = Error

        /// The iterator type.
        public typealias AsyncIterator = Iterator

        fileprivate enum Source {
            /// A signal, and the iteration that observes it since the sequence was
            /// created, until the first iterator takes it.
            case signal(Signal, reserved: Locked<AsyncValuesIteration<Value, Error>?>)
            /// A producer, started by each iterator.
            case producer(SignalProducer<Value, Error>)
        }

        private let source: Source
        private let bufferingPolicy: AsyncBufferingPolicy

        /// Observes `signal` at once, for the first iterator.
        init(observing signal: Signal, bufferingPolicy: AsyncBufferingPolicy) {
            self.bufferingPolicy = bufferingPolicy.checked()
            let iteration = AsyncValuesIteration<Value, Error>(policy: bufferingPolicy) { signal.observe($0) }
            source = .signal(signal, reserved: Locked(iteration))
        }

        /// Starts `producer` once per iterator.
        init(starting producer: SignalProducer<Value, Error>, bufferingPolicy: AsyncBufferingPolicy) {
            self.bufferingPolicy = bufferingPolicy.checked()
            source = .producer(producer)
        }

        /// Begins an iteration: takes the signal's observation that began when the
        /// sequence was created (the first time) or observes the signal anew, or
        /// starts a run of the producer.
        public func makeAsyncIterator() -> Iterator {
            let policy = bufferingPolicy
            switch source {
            case let .signal(signal, reserved):
                let iteration = reserved.withLock { $0.take() }
                return Iterator(iteration ?? AsyncValuesIteration(policy: policy) { signal.observe($0) })
            case let .producer(producer):
                return Iterator(AsyncValuesIteration(policy: policy) { producer.start($0) })
            }
        }

        /// Waits for the values of one subscription; dropping it disposes the
        /// subscription. Use it from one task at a time.
        public struct Iterator: AsyncIteratorProtocol {
            /// The values of the stream.
            public typealias Element = Value

            /// The stream's error type.
            public typealias Failure = Error

            private let iteration: AsyncValuesIteration<Value, Error>

            init(_ iteration: AsyncValuesIteration<Value, Error>) {
                self.iteration = iteration
            }

            /// The next value, waiting for it if need be; `nil` once the stream has
            /// completed or been interrupted, or once the task is cancelled.
            ///
            /// - Throws: the stream's failure, once, after the values sent before it.
            public mutating func next() async throws(Error) -> Value? {
                try await iteration.channel.next(isolation: nil)
            }

            /// The next value, waiting for it if need be, in the isolation of
            /// `actor`; `nil` once the stream has completed or been interrupted, or
            /// once the task is cancelled.
            ///
            /// - Throws: the stream's failure, once, after the values sent before it.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(Error) -> Value? {
                try await iteration.channel.next(isolation: actor)
            }
        }
    }

    /// The values of this signal from now on, as an `AsyncSequence`, keeping every
    /// value the iterating task has not taken yet.
    ///
    /// The signal is observed at once, so a value sent after `values` is read is
    /// not missed, even if the iterating task starts later:
    ///
    /// ```swift
    /// let saved = viewModel.saved.values
    /// Task { for await item in saved { show(item) } }
    /// ```
    ///
    /// See ``AsyncValues`` for cancellation and for later iterators.
    public var values: AsyncValues {
        values(bufferingPolicy: .unbounded)
    }

    /// The values of this signal from now on, as an `AsyncSequence`, keeping the
    /// values the iterating task has not taken yet as `bufferingPolicy` says.
    ///
    /// The signal is observed at once; see ``values``.
    public func values(bufferingPolicy: AsyncBufferingPolicy) -> AsyncValues {
        AsyncValues(observing: self, bufferingPolicy: bufferingPolicy)
    }
}

// Its state is a signal or a producer, and the first iteration behind a lock.
extension Signal.AsyncValues: Sendable where Value: Sendable {}
extension Signal.AsyncValues.Source: Sendable where Value: Sendable {}

extension SignalProducer {
    /// The values of a run of this producer as an `AsyncSequence`, keeping every
    /// value the iterating task has not taken yet.
    ///
    /// Each `makeAsyncIterator()` (each `for await` loop) starts a run; the run
    /// ends with the iteration:
    ///
    /// ```swift
    /// for try await user in api.users().values { print(user.name) }
    /// ```
    ///
    /// See ``Signal/AsyncValues`` for cancellation and buffering.
    public var values: Signal<Value, Error>.AsyncValues {
        values(bufferingPolicy: .unbounded)
    }

    /// The values of a run of this producer as an `AsyncSequence`, keeping the
    /// values the iterating task has not taken yet as `bufferingPolicy` says.
    ///
    /// A run that sends values synchronously sends them while the iterator is
    /// made, so `.bufferingNewest(1)` over `SignalProducer(values: 1, 2, 3)`
    /// yields `3` alone.
    public func values(bufferingPolicy: AsyncBufferingPolicy) -> Signal<Value, Error>.AsyncValues {
        Signal<Value, Error>.AsyncValues(starting: self, bufferingPolicy: bufferingPolicy)
    }
}

extension PropertyProtocol {
    /// The current value, then every change, as an `AsyncSequence`; ends when the
    /// property ends.
    ///
    /// Each `for await` loop starts a run of ``producer``: it begins with the value
    /// current when the loop starts.
    ///
    /// ```swift
    /// for await name in viewModel.name.values { label.text = name }
    /// ```
    public var values: Signal<Value, Never>.AsyncValues {
        producer.values
    }

    /// The current value, then every change, as an `AsyncSequence` keeping the
    /// values the iterating task has not taken yet as `bufferingPolicy` says;
    /// `.bufferingNewest(1)` skips straight to the latest state.
    public func values(bufferingPolicy: AsyncBufferingPolicy) -> Signal<Value, Never>.AsyncValues {
        producer.values(bufferingPolicy: bufferingPolicy)
    }
}

/// One iteration's subscription, owned by its iterator (or, until an iterator
/// takes it, by the sequence of a signal): when its last owner lets go, the
/// subscription is disposed.
final class AsyncValuesIteration<Value, Error: Swift.Error>: Sendable {
    let channel: AsyncValuesChannel<Value, Error>

    /// Subscribes a new channel through `subscribe`, which attaches the observer
    /// it is given (and may deliver events to it at once).
    init(policy: AsyncBufferingPolicy, subscribe: (Signal<Value, Error>.Observer) -> (any Disposable)?) {
        channel = AsyncValuesChannel(policy: policy)
        channel.attach(subscribe(channel.observer()))
    }

    deinit {
        channel.cancel()
    }
}
