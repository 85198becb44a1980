// Flatten: turn a stream of inner streams into one stream of values. Below, the outer
// stream sends a = ----1---2|, b = -3--4| and c = --5| (each inner timeline starts
// where the outer stream sends it); `FlattenStrategy` shows every strategy on it.
//
//     flatten(.merge)                                    a-b--c---|     →  ---31-452|
//     flatten(.latest)                                   a-b--c---|     →  ---3---5-|
//     flatMap(.concat) { twice($0) }    twice(x) = (xx)|  -1--2--|       →  -(11)--(22)--|
//     flatten()                                          -[1,2]-[3]-|   →  -(12)-3-|
//     flatMapError { _ in zero }        zero = 0|        -1-#x          →  -1-0|
//
// A failure of the outer stream or of a forwarded inner stream fails the result at
// once and disposes every inner run. An interruption of the outer stream interrupts the
// result; an inner stream's interruption counts as its completion (.merge, .concat,
// .concurrent, .latest) or interrupts the result (.race, .throttle). The result
// completes once the outer stream and every inner stream it started have completed.
// Ending the result, by a terminal event or by disposing a producer run, disposes every
// inner run. Inner streams are started through their `producer`.
//
// Errors: the inner streams fail like the outer stream, or cannot fail (`Never`), or
// the outer stream cannot fail and the result takes the inner streams' error. The
// same-error overload is the primary one; the two promoting overloads are disfavoured,
// so that where several apply (both `Never`, or an inner producer whose error type is
// left to inference, as in `flatMap(.latest) { SignalProducer(value: $0) }`) the
// same-error one is chosen without ambiguity. Each takes any `SignalProducerConvertible`
// and, as a twin, a `SignalProducer` by name, so that a closure can write its producer
// by context (`flatMap(.latest) { .init(value: $0) }`, `flatMapError { _ in .empty }`).
//
// The engine that runs the inner streams, `Flattener`, is in Internal/Flattener.swift.

extension Signal where Value: SignalProducerConvertible {
    /// Flattens the inner streams this signal sends into one signal of their values,
    /// running them as `strategy` says; inner streams fail like this signal.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> where Value.Error == Error {
        flatMap(strategy) { $0 }
    }

    /// Flattens the inner streams this signal sends into one signal of their values,
    /// running them as `strategy` says; the inner streams cannot fail.
    @inlinable
    @_disfavoredOverload
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> where Value.Error == Never {
        flatMap(strategy) { $0 }
    }
}

extension Signal where Value: SignalProducerConvertible, Error == Never {
    /// Flattens the inner streams this signal sends into one signal of their values,
    /// running them as `strategy` says; this signal cannot fail, so the result fails
    /// like the inner streams.
    @inlinable
    @_disfavoredOverload
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Value.Error> {
        flatMap(strategy) { $0 }
    }
}

extension Signal where Value: Sequence {
    /// Sends the elements of every sequence this signal sends, in order.
    ///
    /// Iteration stops early if the result ends meanwhile (for instance when its last
    /// observer detaches).
    public func flatten() -> Signal<Value.Element, Error> {
        Signal<Value.Element, Error>(fedBy: .upstream(core.deliveryGate)) { input, lifetime in
            lifetime += observe { event in
                switch event {
                case let .value(sequence):
                    for element in sequence {
                        input.send(value: element)
                        guard !lifetime.hasEnded else { return }
                    }
                case let .failed(error): input.send(error: error)
                case .completed: input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }
}

extension Signal {
    /// Turns every value into an inner stream with `transform`, and flattens those
    /// streams into one signal of their values as `strategy` says; inner streams fail
    /// like this signal.
    ///
    /// ```swift
    /// let results = searchText.flatMap(.latest) { text in api.search(text) }
    /// ```
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Error {
        flattening(strategy, outerError: { $0 }, innerError: { $0 }, transform)
    }

    /// Turns every value into an inner stream with `transform`, and flattens those
    /// streams into one signal of their values as `strategy` says; the inner streams
    /// cannot fail.
    @inlinable
    @_disfavoredOverload
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Never {
        flattening(strategy, outerError: { $0 }, innerError: absurd, transform)
    }

    /// Turns every value into a producer with `transform`, and flattens those
    /// producers into one signal of their values as `strategy` says; the producers
    /// fail like this signal.
    ///
    /// The producer form of the `flatMap` above, which a closure that writes its
    /// producer by context picks: `flatMap(.latest) { .init(value: $0 * 2) }`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> Signal<U, Error> {
        flattening(strategy, outerError: { $0 }, innerError: { $0 }, transform)
    }

    /// Turns every value into a producer that cannot fail with `transform`, and
    /// flattens those producers into one signal of their values as `strategy`
    /// says; the producer form of the second `flatMap` above.
    @inlinable
    @_disfavoredOverload
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> Signal<U, Error> {
        flattening(strategy, outerError: { $0 }, innerError: absurd, transform)
    }

    /// On failure, continues with the events of the producer that `transform` returns
    /// for the error; values, completion and interruption pass through unchanged.
    ///
    /// The producer starts at once, in the delivery of the failure, and ends with the
    /// result.
    public func flatMapError<F>(_ transform: @escaping (Error) -> SignalProducer<Value, F>) -> Signal<Value, F> {
        recovering(with: transform)
    }

    /// On failure, continues with the events of the stream (a producer, a signal
    /// observed from then on, a property) that `transform` returns for the error;
    /// see the producer form of `flatMapError(_:)`.
    public func flatMapError<Inner: SignalProducerConvertible>(
        _ transform: @escaping (Error) -> Inner
    ) -> Signal<Value, Inner.Error> where Inner.Value == Value {
        recovering { transform($0).producer }
    }

    /// On failure, continues with the events of the producer, which cannot fail,
    /// that `transform` returns for the error.
    ///
    /// The form that a closure writing its producer by context picks when nothing
    /// else names the error type: `flatMapError { _ in .init(value: 0) }` cannot
    /// fail any more.
    @_disfavoredOverload
    public func flatMapError(_ transform: @escaping (Error) -> SignalProducer<Value, Never>) -> Signal<Value, Never> {
        recovering(with: transform)
    }

    /// What every form of `flatMapError` does.
    func recovering<F>(with transform: @escaping (Error) -> SignalProducer<Value, F>) -> Signal<Value, F> {
        Signal<Value, F> { input, lifetime in
            lifetime += observe { event in
                switch event {
                case let .value(value): input.send(value: value)
                case let .failed(error):
                    transform(error).startWithSignal { replacement, interrupter in
                        lifetime += interrupter
                        lifetime += replacement.observe(input)
                    }
                case .completed: input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }
}

extension Signal where Error == Never {
    /// Turns every value into an inner stream with `transform`, and flattens those
    /// streams into one signal of their values as `strategy` says; this signal cannot
    /// fail, so the result fails like the inner streams.
    @inlinable
    @_disfavoredOverload
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Inner.Error> {
        flattening(strategy, outerError: absurd, innerError: { $0 }, transform)
    }

    /// Turns every value into a producer with `transform`, and flattens those
    /// producers into one signal of their values as `strategy` says; this signal
    /// cannot fail, so the result fails like the producers. The producer form of
    /// the `flatMap` above, which a closure that writes its producer by context
    /// picks: `flatMap(.latest) { .init(error: .offline) }`.
    @inlinable
    @_disfavoredOverload
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> Signal<U, F> {
        flattening(strategy, outerError: absurd, innerError: { $0 }, transform)
    }
}

extension SignalProducer where Value: SignalProducerConvertible {
    /// Flattens the inner streams this producer sends into one producer of their
    /// values, running them as `strategy` says; inner streams fail like this producer.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> where Value.Error == Error {
        lift { $0.flatten(strategy) }
    }

    /// Flattens the inner streams this producer sends into one producer of their
    /// values, running them as `strategy` says; the inner streams cannot fail.
    @inlinable
    @_disfavoredOverload
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> where Value.Error == Never {
        lift { $0.flatten(strategy) }
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Never {
    /// Flattens the inner streams this producer sends into one producer of their
    /// values, running them as `strategy` says; this producer cannot fail, so the
    /// result fails like the inner streams.
    @inlinable
    @_disfavoredOverload
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Value.Error> {
        lift { $0.flatten(strategy) }
    }
}

extension SignalProducer where Value: Sequence {
    /// Sends the elements of every sequence this producer sends, in order.
    ///
    /// Iteration stops early if the run ends meanwhile.
    public func flatten() -> SignalProducer<Value.Element, Error> {
        lift { $0.flatten() }
    }
}

extension SignalProducer {
    /// Turns every value into an inner stream with `transform`, and flattens those
    /// streams into one producer of their values as `strategy` says; inner streams
    /// fail like this producer.
    ///
    /// ```swift
    /// let results = searchText.producer.flatMap(.latest) { text in api.search(text) }
    /// ```
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Error> where Inner.Error == Error {
        lift { $0.flatMap(strategy, transform) }
    }

    /// Turns every value into an inner stream with `transform`, and flattens those
    /// streams into one producer of their values as `strategy` says; the inner
    /// streams cannot fail.
    @inlinable
    @_disfavoredOverload
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Error> where Inner.Error == Never {
        lift { $0.flatMap(strategy, transform) }
    }

    /// Turns every value into a producer with `transform`, and flattens those
    /// producers into one producer of their values as `strategy` says; the
    /// producers fail like this producer.
    ///
    /// The producer form of the `flatMap` above, which a closure that writes its
    /// producer by context picks: `flatMap(.latest) { .init(value: $0 * 2) }`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        lift { $0.flatMap(strategy, transform) }
    }

    /// Turns every value into a producer that cannot fail with `transform`, and
    /// flattens those producers into one producer of their values as `strategy`
    /// says; the producer form of the second `flatMap` above.
    @inlinable
    @_disfavoredOverload
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> SignalProducer<U, Error> {
        lift { $0.flatMap(strategy, transform) }
    }

    /// On failure, continues with the events of the producer that `transform` returns
    /// for the error; values, completion and interruption pass through unchanged.
    ///
    /// The producer starts at once, in the delivery of the failure, and ends with the
    /// result.
    public func flatMapError<F>(_ transform: @escaping (Error) -> SignalProducer<Value, F>) -> SignalProducer<Value, F> {
        lift { $0.recovering(with: transform) }
    }

    /// On failure, continues with the events of the stream (a producer, a signal
    /// observed from then on, a property) that `transform` returns for the error;
    /// see the producer form of `flatMapError(_:)`.
    public func flatMapError<Inner: SignalProducerConvertible>(
        _ transform: @escaping (Error) -> Inner
    ) -> SignalProducer<Value, Inner.Error> where Inner.Value == Value {
        lift { $0.recovering { transform($0).producer } }
    }

    /// On failure, continues with the events of the producer, which cannot fail,
    /// that `transform` returns for the error.
    ///
    /// The form that a closure writing its producer by context picks when nothing
    /// else names the error type: `flatMapError { _ in .init(value: 0) }` cannot
    /// fail any more.
    @_disfavoredOverload
    public func flatMapError(_ transform: @escaping (Error) -> SignalProducer<Value, Never>) -> SignalProducer<Value, Never> {
        lift { $0.recovering(with: transform) }
    }
}

extension SignalProducer where Error == Never {
    /// Turns every value into an inner stream with `transform`, and flattens those
    /// streams into one producer of their values as `strategy` says; this producer
    /// cannot fail, so the result fails like the inner streams.
    @inlinable
    @_disfavoredOverload
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Inner.Error> {
        lift { $0.flatMap(strategy, transform) }
    }

    /// Turns every value into a producer with `transform`, and flattens those
    /// producers into one producer of their values as `strategy` says; this
    /// producer cannot fail, so the result fails like the producers. The producer
    /// form of the `flatMap` above, which a closure that writes its producer by
    /// context picks: `flatMap(.latest) { .init(error: .offline) }`.
    @inlinable
    @_disfavoredOverload
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> SignalProducer<U, F> {
        lift { $0.flatMap(strategy, transform) }
    }
}
