// Take: forward the start of a stream, its end, or the part before something else
// happens.
//
//     take(first: 2)                  -a-b-c-d-|   →   -a-b|
//     take(first: 0)                  -a-b-c-d-|   →   ⊘           (interrupted at once)
//     take(last: 2)                   -a-b-c-d-|   →   ---------(cd)|
//     take(while: { $0 < 3 })         -1-2-3-1-|   →   -1-2-|
//     take(until: { $0 < 3 })         -1-2-3-1-|   →   -1-2-3|     (the value that stops it is forwarded)
//     take(until: trigger)            -a-b-c-d-|   →   -a-b-|      (trigger fires between b and c)
//     take(during: lifetime)          -a-b-c-d-|   →   -a-b-|      (lifetime ends between b and c)
//     take(untilReplacement: r)       -a-b---c-|   →   -a-b-x-y-|  (r: -----x-y-|)
//
// Failures and interruption of the source pass through unchanged and at once.
// `take(while:)` and the predicate form of `take(until:)` differ only in the value
// that ends them: `take(while:)` drops it, `take(until:)` forwards it, then
// completes (ReactiveSwift's names and semantics: the predicate says whether to
// continue). The trigger form of `take(until:)` completes when the trigger sends a
// value or completes; a trigger
// that is interrupted (or already terminated when observed) never fires, so the
// source is then forwarded until it ends by itself. `take(during:)` completes when
// the lifetime ends. `take(untilReplacement:)` funnels both of its inputs through
// one serialising signal and switches in that order, so no event of the source can
// follow the replacement's first event, whichever threads send. On
// `SignalProducer`, the trigger's or the replacement's run starts before this
// producer's run, so one that fires at once comes before any value of this
// producer (which is then not started at all if the result has already ended).

extension Signal {
    /// Forwards the first `count` values, then completes; completes right after the
    /// `count`-th value, without waiting for another event.
    ///
    /// `take(first: 0)` interrupts at once, without observing this signal: its
    /// observers receive `interrupted` (a producer run is interrupted and this
    /// producer is never started).
    ///
    /// - Precondition: `count >= 0`.
    public func take(first count: Int) -> Signal<Value, Error> {
        precondition(count >= 0, "take(first:) needs a count of at least 0, got \(count)")
        guard count > 0 else { return Signal { input, _ in input.sendInterrupted() } }
        var taken = 0
        return derived(forwarding: { event, input in
            input.send(event)
            guard case .value = event else { return }
            taken += 1
            if taken == count { input.sendCompleted() }
        })
    }

    /// Forwards nothing until this signal completes, then sends its last `count`
    /// values in order and completes.
    ///
    /// At most `count` values are kept. A failure or an interruption is forwarded at
    /// once and the kept values are dropped.
    ///
    /// - Precondition: `count >= 0`.
    public func take(last count: Int) -> Signal<Value, Error> {
        precondition(count >= 0, "take(last:) needs a count of at least 0, got \(count)")
        var buffer = RingBuffer<Value>(capacity: count)
        return derived(forwarding: { event, input in
            switch event {
            case let .value(value):
                buffer.append(value)
            case .completed:
                for value in buffer.removeAll() { input.send(value: value) }
                input.sendCompleted()
            case .failed, .interrupted:
                buffer.removeAll()
                input.send(event)
            }
        })
    }

    /// Forwards values while `shouldContinue` returns `true`, and completes at the
    /// first value for which it returns `false`, without forwarding that value.
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        derived(forwarding: { event, input in
            if case let .value(value) = event, !shouldContinue(value) {
                input.sendCompleted()
                return
            }
            input.send(event)
        })
    }

    /// Forwards values until one for which `shouldContinue` returns `false`, which is
    /// forwarded too; then completes.
    ///
    /// ```swift
    /// downloadProgress.take(until: { $0 < 1.0 })   // -0.2-0.7-1.0|
    /// ```
    ///
    /// The predicate says whether to go on, as ReactiveSwift's does; unlike
    /// ``take(while:)``, the value that stops the stream is forwarded.
    ///
    /// Disfavoured, so that a trailing closure (`take { $0 < 3 }`) keeps meaning
    /// `take(while:)`; spelled with its label, it is the only candidate.
    @_disfavoredOverload
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        derived(forwarding: { event, input in
            input.send(event)
            if case let .value(value) = event, !shouldContinue(value) {
                input.sendCompleted()
            }
        })
    }

    /// Forwards this signal until `trigger` sends a value or completes, then
    /// completes.
    ///
    /// An interrupted trigger does nothing: an interruption says the trigger will
    /// never fire, so the result goes on forwarding this signal until it ends by
    /// itself. The same holds for a trigger that has already terminated when this
    /// operator observes it (it hands its new observer `interrupted`). Once the
    /// trigger has fired, nothing more is forwarded, whichever threads send.
    public func take(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        Signal { input, lifetime in
            lifetime += observe(input)
            lifetime += trigger.observe { event in
                if case .interrupted = event { return }
                input.sendCompleted()
            }
        }
    }

    /// Forwards this signal until `lifetime` ends, then completes.
    ///
    /// If the lifetime has already ended, the result completes at once, before
    /// anyone can observe it: an observer then receives `interrupted`, as from any
    /// terminated signal. The result stops watching the lifetime when it
    /// terminates, so a long lifetime does not collect one entry per finished use.
    public func take(during lifetime: Lifetime) -> Signal<Value, Error> {
        Signal { input, signalLifetime in
            signalLifetime += observe(input)
            signalLifetime += lifetime.observeEnded { input.sendCompleted() }
        }
    }

    /// Forwards this signal until `replacement` sends its first event (of any kind),
    /// then forwards `replacement` only, up to and including its terminal event.
    ///
    /// Completion of this signal is not forwarded: the result waits for the
    /// replacement. A failure or an interruption of this signal before the
    /// replacement's first event ends the result. Once the replacement has sent an
    /// event, this signal is no longer observed and nothing it sends is forwarded,
    /// whichever threads send: both inputs go through one serialising signal, and
    /// the switch happens in that order.
    public func take(untilReplacement replacement: Signal<Value, Error>) -> Signal<Value, Error> {
        let subscriptions = CompositeDisposable()
        let sourceSubscription = SerialDisposable()
        let (inputs, sendInput) = Signal<(fromReplacement: Bool, event: Event), Never>.pipe(disposable: subscriptions)
        var isReplaced = false
        let result: Signal<Value, Error> = inputs.derived(forwarding: { tagged, input in
            guard case let .value((fromReplacement, event)) = tagged else {
                // `inputs` ends only once neither input can send any more.
                input.sendInterrupted()
                return
            }
            if fromReplacement {
                if !isReplaced {
                    isReplaced = true
                    sourceSubscription.dispose()
                }
                input.send(event)
            } else if !isReplaced, !event.isCompleted {
                input.send(event)
            }
        })
        // Observed only now that `result` observes `inputs`: an input that has
        // already terminated answers `interrupted` at once, and that must reach it.
        subscriptions += sourceSubscription
        sourceSubscription.inner = observe { sendInput.send(value: (false, $0)) }
        subscriptions += replacement.observe { sendInput.send(value: (true, $0)) }
        return result
    }
}

extension SignalProducer {
    /// Forwards the first `count` values, then completes; completes right after the
    /// `count`-th value.
    ///
    /// `take(first: 0)` interrupts each run at once, without starting this
    /// producer.
    ///
    /// - Precondition: `count >= 0`.
    public func take(first count: Int) -> SignalProducer<Value, Error> {
        lift { $0.take(first: count) }
    }

    /// Forwards nothing until this producer completes, then sends its last `count`
    /// values in order and completes; at most `count` values are kept.
    ///
    /// - Precondition: `count >= 0`.
    public func take(last count: Int) -> SignalProducer<Value, Error> {
        lift { $0.take(last: count) }
    }

    /// Forwards values while `shouldContinue` returns `true`, and completes at the
    /// first value for which it returns `false`, without forwarding that value.
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.take(while: shouldContinue) }
    }

    /// Forwards values until one for which `shouldContinue` returns `false`, which is
    /// forwarded too; then completes. See ``Signal/take(until:)-((Value)->Bool)``.
    ///
    /// Disfavoured, so that a trailing closure keeps meaning `take(while:)`.
    @_disfavoredOverload
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift { $0.take(until: shouldContinue) }
    }

    /// Forwards this producer until a run of `trigger` sends a value or completes,
    /// then completes.
    ///
    /// The trigger's run starts first: a trigger that fires at once completes the
    /// result before this producer starts, and this producer is then never started.
    /// An interrupted trigger does nothing. Disposing the result disposes both runs;
    /// the result's completion disposes them too.
    public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
        trigger.lift(with: self) { trigger, source in source.take(until: trigger) }
    }

    /// Forwards this producer until `trigger` (a producer, a signal observed from
    /// each start on, a property of `Void`) sends a value or completes, then
    /// completes; see ``take(until:)-(SignalProducer<(),Never>)``.
    public func take(until trigger: some SignalProducerConvertible<(), Never>) -> SignalProducer<Value, Error> {
        take(until: trigger.producer)
    }

    /// Forwards this producer until `lifetime` ends, then completes.
    ///
    /// A run started after the lifetime has ended completes at once, without
    /// starting this producer.
    public func take(during lifetime: Lifetime) -> SignalProducer<Value, Error> {
        take(until: SignalProducer<(), Never> { trigger, runLifetime in
            runLifetime += lifetime.observeEnded { trigger.sendCompleted() }
        })
    }

    /// Forwards this producer until a run of `replacement` sends its first event,
    /// then forwards that run only, up to and including its terminal event.
    ///
    /// The replacement's run starts first: if it sends an event at once, this
    /// producer's values are never forwarded. Completion of this producer is not
    /// forwarded; its failure or interruption before the replacement's first event
    /// ends the result. Disposing the result disposes both runs.
    public func take(untilReplacement replacement: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        replacement.lift(with: self) { replacement, source in source.take(untilReplacement: replacement) }
    }

    /// Forwards this producer until `replacement` (a producer, a signal observed
    /// from each start on, a property) sends its first event, then forwards
    /// `replacement` only; see ``take(untilReplacement:)-(SignalProducer<Value,Error>)``.
    public func take(untilReplacement replacement: some SignalProducerConvertible<Value, Error>) -> SignalProducer<Value, Error> {
        take(untilReplacement: replacement.producer)
    }
}
