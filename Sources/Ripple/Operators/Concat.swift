// Concat: run streams one after the other.
//
//     a.concat(b)         a: -1-2-|   b: -3-|     →   -1-2--3-|
//     concat(value: 9)    -1-2-|                  →   -1-2-9|
//     prefix(value: 0)    -1-2-|                  →   0-1-2-|
//     prefix(b)           -1-2-|      b: -3-|     →   -3--1-2-|
//     concat(error: x)    -1-2-|                  →   -1-2-#x
//     then(b)             -1-2-|      b: -x-y-|   →   -----x-y-|
//
// `concat` and `prefix` are producer-only: the stream that comes second must not run
// before the first one ends, and only a producer can wait to be started. Each start
// runs the first producer, then, when it has completed, starts the second; an
// interruption of either counts as its completion (as for the `.concat` flattening
// strategy); a failure ends the whole at once and the second never starts. `then`
// ignores the values of its receiver and starts the replacement when the receiver
// completes; a failure or interruption of the receiver ends the result at once.
// Every stream they take may be anything `SignalProducerConvertible` (a property
// among them). A side that cannot fail takes the other side's error type: `then`
// from a stream that cannot fail to one that can has the replacement's error, and
// a replacement that cannot fail keeps the receiver's.
//
// Chains: a run of `p.concat(q).concat(r)…` (nested either way, with `prefix` too)
// is driven as one flat list. Before running a producer, the driver asks it, through
// a task-local request naming the run's lifetime, whether it is itself a
// concatenation; one that is names its two parts instead of running, and they take
// its place in the list. A producer that completes during its start is followed by
// the next one in a loop, not by a nested call. So a chain of n links costs O(n)
// time and a constant stack depth, whether its producers complete synchronously or
// not, and each value crosses one forwarding step only.

extension SignalProducer {
    /// Runs `next` once this producer has completed.
    ///
    /// A failure of this producer ends the result and `next` never starts; an
    /// interruption of either producer counts as its completion. Chains of any
    /// length run in constant stack depth. Producer-only, like `prefix`: only a
    /// producer can wait to be started.
    public func concat(_ next: SignalProducer) -> SignalProducer {
        let first = self
        return SignalProducer { observer, lifetime in
            if let request = ConcatExpansion.request as? ConcatExpansion.Request<Value, Error>, request.lifetime === lifetime {
                request.parts.withLock { $0 = (first, next) }
                return
            }
            Concatenation(observer: observer, lifetime: lifetime, producers: [first, next]).drive()
        }
    }

    /// Runs `next` (a producer, a signal observed from then on, a property) once
    /// this producer has completed; see ``concat(_:)-(SignalProducer<Value,Error>)``.
    ///
    /// ```swift
    /// cachedResults.concat(liveResults)   // liveResults: Property<[Result]>
    /// ```
    public func concat(_ next: some SignalProducerConvertible<Value, Error>) -> SignalProducer {
        concat(next.producer)
    }

    /// Sends `value` once this producer has completed, then completes; see
    /// ``concat(_:)-(SignalProducer<Value,Error>)``.
    public func concat(value: Value) -> SignalProducer {
        concat(SignalProducer(value: value))
    }

    /// Fails with `error` once this producer has completed; see
    /// ``concat(_:)-(SignalProducer<Value,Error>)``.
    ///
    /// ```swift
    /// pages.concat(error: .endOfFeed)   // -1-2-#endOfFeed
    /// ```
    ///
    /// A failure or interruption of this producer ends the result first, as for
    /// every concatenation: an interruption counts as completion, so `error` follows
    /// it too.
    public func concat(error: Error) -> SignalProducer {
        concat(SignalProducer(error: error))
    }

    /// Runs `previous` first, then this producer once `previous` has completed; see
    /// ``concat(_:)-(SignalProducer<Value,Error>)``.
    public func prefix(_ previous: SignalProducer) -> SignalProducer {
        previous.concat(self)
    }

    /// Runs `previous` (a producer, a signal observed from then on, a property)
    /// first, then this producer once `previous` has completed.
    public func prefix(_ previous: some SignalProducerConvertible<Value, Error>) -> SignalProducer {
        previous.producer.concat(self)
    }

    /// Sends `value` first, then runs this producer; see ``concat(_:)-(SignalProducerConvertible<Value,Error>)``.
    public func prefix(value: Value) -> SignalProducer {
        SignalProducer(value: value).concat(self)
    }
}

extension Signal {
    /// Ignores the values of this signal and, once it completes, starts `replacement`
    /// and forwards what it sends.
    ///
    /// ```swift
    /// saveButtonTaps.take(first: 1).then(upload).observeResult { … }
    /// ```
    ///
    /// A failure or interruption of this signal ends the result at once and
    /// `replacement` never starts. The replacement is a producer, so that it runs
    /// only after this signal has completed; to continue with a signal, pass its
    /// `producer`, which observes the signal from then on.
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> Signal<U, Error> {
        replaced(onCompletionBy: replacement)
    }

    /// Ignores the values of this signal and, once it completes, starts
    /// `replacement`, a producer of the same values and error, and forwards what it
    /// sends; see ``then(_:)-(SignalProducer<U,Error>)``.
    ///
    /// The form that a replacement written by context picks: `then(.empty)`.
    public func then(_ replacement: SignalProducer<Value, Error>) -> Signal<Value, Error> {
        replaced(onCompletionBy: replacement)
    }

    /// What every form of `then` does: forwards this signal's failure and
    /// interruption, and starts `replacement` once it completes.
    func replaced<U>(onCompletionBy replacement: SignalProducer<U, Error>) -> Signal<U, Error> {
        Signal<U, Error> { input, lifetime in
            lifetime += observe { event in
                switch event {
                case .value: break
                case let .failed(error): input.send(error: error)
                case .completed:
                    guard !lifetime.hasEnded else { return }
                    lifetime += replacement.start(input)
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }
}

extension Signal {
    /// Ignores the values of this signal and, once it completes, starts
    /// `replacement` (a producer, a signal observed from then on, a property) and
    /// forwards what it sends; see ``then(_:)-(SignalProducer<U,Error>)``.
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> Signal<Replacement.Value, Error> where Replacement.Error == Error {
        then(replacement.producer)
    }

    /// Ignores the values of this signal and, once it completes, starts
    /// `replacement`, which cannot fail, and forwards what it sends; the result
    /// fails only as this signal does.
    ///
    /// Disfavoured, so that a replacement whose error type is left to inference
    /// (`then(SignalProducer(value: x))`) takes this signal's error type.
    @_disfavoredOverload
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> Signal<Replacement.Value, Error> where Replacement.Error == Never {
        then(replacement.producer.promoteError(Error.self))
    }
}

extension Signal where Error == Never {
    /// Ignores the values of this signal, which cannot fail, and, once it
    /// completes, starts `replacement` and forwards what it sends, failure
    /// included: the result takes the replacement's error type.
    ///
    /// ```swift
    /// let upload: Signal<Receipt, APIError> = confirmTaps.take(first: 1).then(api.upload(draft))
    /// ```
    ///
    /// Disfavoured, so that a receiver whose error type is left to inference
    /// (`promoteError().then(load)`) takes the replacement's through the other
    /// forms.
    @_disfavoredOverload
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> Signal<Replacement.Value, Replacement.Error> {
        promoteError(Replacement.Error.self).then(replacement.producer)
    }

    /// Ignores the values of this signal and, once it completes, starts
    /// `replacement` and forwards what it sends; neither can fail. (Picks one of
    /// the forms above when both sides cannot fail.)
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> Signal<Replacement.Value, Never> where Replacement.Error == Never {
        then(replacement.producer)
    }

    /// Ignores the values of this signal and, once it completes, starts
    /// `replacement` and forwards what it sends; neither can fail. (Picks one of
    /// the forms above when both sides cannot fail.)
    public func then<U>(_ replacement: SignalProducer<U, Never>) -> Signal<U, Never> {
        replaced(onCompletionBy: replacement)
    }

    /// Ignores the values of this signal, which cannot fail, and, once it
    /// completes, starts `replacement` and forwards what it sends, failure
    /// included; the producer form of the first `then` here, which a replacement
    /// written by context picks: `then(.init(error: e))`.
    @_disfavoredOverload
    public func then<U, F>(_ replacement: SignalProducer<U, F>) -> Signal<U, F> {
        promoteError(F.self).replaced(onCompletionBy: replacement)
    }
}

extension SignalProducer {
    /// Ignores the values of this producer and, once it completes, starts
    /// `replacement` and forwards what it sends; see ``Signal/then(_:)-(SignalProducer<U,Error>)``.
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        lift { $0.then(replacement) }
    }

    /// Ignores the values of this producer and, once it completes, starts
    /// `replacement`, a producer of the same values and error, and forwards what it
    /// sends; see ``Signal/then(_:)-(SignalProducer<U,Error>)``.
    ///
    /// The form that a replacement written by context picks: `then(.empty)`.
    public func then(_ replacement: SignalProducer) -> SignalProducer {
        lift { $0.then(replacement) }
    }

    /// Ignores the values of this producer and, once it completes, starts
    /// `replacement` (a producer, a signal observed from then on, a property) and
    /// forwards what it sends.
    ///
    /// ```swift
    /// save.apply(draft).then(viewModel.savedDrafts)   // a Property<[Draft]>
    /// ```
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Error> where Replacement.Error == Error {
        then(replacement.producer)
    }

    /// Ignores the values of this producer and, once it completes, starts
    /// `replacement`, which cannot fail, and forwards what it sends; the result
    /// fails only as this producer does.
    ///
    /// Disfavoured, so that a replacement whose error type is left to inference
    /// (`then(SignalProducer(value: x))`) takes this producer's error type.
    @_disfavoredOverload
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Error> where Replacement.Error == Never {
        then(replacement.producer.promoteError(Error.self))
    }
}

extension SignalProducer where Error == Never {
    /// Ignores the values of this producer, which cannot fail, and, once it
    /// completes, starts `replacement` and forwards what it sends, failure
    /// included: the result takes the replacement's error type.
    ///
    /// ```swift
    /// let refresh: SignalProducer<[Item], APIError> = clearCache.then(api.items())
    /// ```
    ///
    /// Disfavoured, so that a receiver whose error type is left to inference
    /// (`promoteError().then(load)`) takes the replacement's through the other
    /// forms.
    @_disfavoredOverload
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Replacement.Error> {
        promoteError(Replacement.Error.self).then(replacement.producer)
    }

    /// Ignores the values of this producer and, once it completes, starts
    /// `replacement` and forwards what it sends; neither can fail. (Picks one of
    /// the forms above when both sides cannot fail.)
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Never> where Replacement.Error == Never {
        then(replacement.producer)
    }

    /// Ignores the values of this producer and, once it completes, starts
    /// `replacement` and forwards what it sends; neither can fail. (Picks one of
    /// the forms above when both sides cannot fail.)
    public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Never> {
        lift { $0.then(replacement) }
    }

    /// Ignores the values of this producer, which cannot fail, and, once it
    /// completes, starts `replacement` and forwards what it sends, failure
    /// included; the producer form of the first `then` here, which a replacement
    /// written by context picks: `then(.init(error: e))`.
    @_disfavoredOverload
    public func then<U, F>(_ replacement: SignalProducer<U, F>) -> SignalProducer<U, F> {
        lift { $0.then(replacement) }
    }
}
