// Sample: pair values with the latest value of another stream, or let another stream
// decide when the latest value leaves.
//
//     withLatest(from: b)     a: ---1---2-|      b: -x---y----
//                                ---(1,x)-(2,y)-|
//     sample(with: s)         a: -1-2-----3-|    s: ----x---y---z-|
//                                ----(2,x)-(2,y)-(3,z)-|
//     sample(on: s)           a: -1-2-----3-|    s: ----•---•---•-|
//                                ----2---2---3-|
//
// The other stream cannot fail (`Never`). Signals take the other stream as a signal
// or as a producer (anything `SignalProducerConvertible`): a signal is observed, a
// producer is started once, when the operator is applied; either way it is detached
// or disposed when the result terminates. A value is sampled as often as the sampler
// fires, until a newer one replaces it.

extension Signal {
    /// Pairs every value of this signal with the latest value of `samplee`; values
    /// that arrive before `samplee` has sent one are dropped.
    ///
    /// ```swift
    /// submits.withLatest(from: form.producer).observeValues { _, form in send(form) }
    /// ```
    ///
    /// Terminates with this signal; `samplee` terminating changes nothing (its last
    /// value is kept). A producer `samplee` is started at once, before this signal
    /// sends anything more.
    public func withLatest<U>(from samplee: some SignalProducerConvertible<U, Never>) -> Signal<(Value, U), Error> {
        pairedWithLatest(of: samplee.producer)
    }

    /// What both forms of `withLatest(from:)` do.
    func pairedWithLatest<U>(of samplee: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        Signal<(Value, U), Error> { input, lifetime in
            let latest = Locked<U?>(nil)
            samplee.startWithSignal { sampleeSignal, interrupter in
                lifetime += sampleeSignal.observe { event in
                    guard case let .value(value) = event else { return }
                    // The replaced value is released after the lock: its deinit is user code.
                    var replaced: U? = value
                    latest.withLock { swap(&$0, &replaced) }
                }
                lifetime += interrupter
            }
            lifetime += observe { event in
                switch event {
                case let .value(value):
                    if let other = latest.withLock({ $0 }) { input.send(value: (value, other)) }
                case let .failed(error): input.send(error: error)
                case .completed: input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }

    /// Sends the latest value of this signal paired with each value of `sampler`;
    /// sampler values that arrive before this signal has sent one are dropped.
    ///
    /// Completes when both this signal and `sampler` have completed; fails with this
    /// signal; is interrupted when either is interrupted. A producer `sampler` is
    /// started when the operator is applied.
    public func sample<T>(with sampler: some SignalProducerConvertible<T, Never>) -> Signal<(Value, T), Error> {
        sampled(by: sampler.producer)
    }

    /// What every form of `sample` does.
    func sampled<T>(by sampler: SignalProducer<T, Never>) -> Signal<(Value, T), Error> {
        Signal<(Value, T), Error> { input, lifetime in
            let state = Locked(SampleState<Value>())
            lifetime += observe { event in
                switch event {
                case let .value(value):
                    // The replaced value is released after the lock: its deinit is user code.
                    var replaced: Value? = value
                    state.withLock { swap(&$0.latest, &replaced) }
                case let .failed(error): input.send(error: error)
                case .completed:
                    if state.withLock({ $0.completeSource() }) { input.sendCompleted() }
                case .interrupted: input.sendInterrupted()
                }
            }
            sampler.startWithSignal { samplerSignal, interrupter in
                lifetime += samplerSignal.observe { event in
                    switch event {
                    case let .value(tick):
                        if let value = state.withLock({ $0.latest }) { input.send(value: (value, tick)) }
                    case .completed:
                        if state.withLock({ $0.completeSampler() }) { input.sendCompleted() }
                    case .interrupted: input.sendInterrupted()
                    }
                }
                lifetime += interrupter
            }
        }
    }

    /// Sends the latest value of this signal each time `sampler` fires; see
    /// ``sample(with:)-(SignalProducerConvertible)``.
    public func sample(on sampler: some SignalProducerConvertible<Void, Never>) -> Signal<Value, Error> {
        sampled(by: sampler.producer).map { value, _ in value }
    }
}

// The same operators with the other stream taken as a producer by name, so that it
// can be written by context: `withLatest(from: .init(value: 0))`.
extension Signal {
    /// Pairs every value of this signal with the latest value of the producer
    /// `samplee`, started at once; see `withLatest(from:)`.
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        pairedWithLatest(of: samplee)
    }

    /// Sends the latest value of this signal paired with each value of the producer
    /// `sampler`, started at once; see `sample(with:)`.
    public func sample<T>(with sampler: SignalProducer<T, Never>) -> Signal<(Value, T), Error> {
        sampled(by: sampler)
    }

    /// Sends the latest value of this signal each time the producer `sampler`,
    /// started at once, fires; see `sample(on:)`.
    public func sample(on sampler: SignalProducer<Void, Never>) -> Signal<Value, Error> {
        sampled(by: sampler).map { value, _ in value }
    }
}

/// What `sample(with:)` remembers: the latest value, and which inputs completed.
private struct SampleState<Value> {
    var latest: Value?
    private var isSourceCompleted = false
    private var isSamplerCompleted = false

    /// Records that the sampled signal completed; `true` if both have now.
    mutating func completeSource() -> Bool {
        isSourceCompleted = true
        return isSamplerCompleted
    }

    /// Records that the sampler completed; `true` if both have now.
    mutating func completeSampler() -> Bool {
        isSamplerCompleted = true
        return isSourceCompleted
    }
}

extension SignalProducer {
    /// Pairs every value of this producer with the latest value of `samplee`; values
    /// that arrive before `samplee` has sent one are dropped; see
    /// ``Signal/withLatest(from:)-(SignalProducerConvertible)``.
    ///
    /// Each start starts `samplee` first (a producer is run anew, a signal is
    /// observed), then this producer, so that a `samplee` that sends at once (a
    /// property's producer) is there for this producer's first value.
    public func withLatest<U>(from samplee: some SignalProducerConvertible<U, Never>) -> SignalProducer<(Value, U), Error> {
        withLatest(from: samplee.producer)
    }

    /// Sends the latest value of this producer paired with each value of `sampler`;
    /// see ``Signal/sample(with:)-(SignalProducerConvertible)``. Each start starts this producer first, then
    /// `sampler` (a producer is run anew, a signal is observed).
    public func sample<T>(with sampler: some SignalProducerConvertible<T, Never>) -> SignalProducer<(Value, T), Error> {
        sample(with: sampler.producer)
    }

    /// Sends the latest value of this producer each time `sampler` fires; see
    /// ``Signal/sample(on:)-(SignalProducerConvertible<(),Never>)``. Each start starts this producer first, then `sampler`.
    public func sample(on sampler: some SignalProducerConvertible<Void, Never>) -> SignalProducer<Value, Error> {
        sample(on: sampler.producer)
    }

    /// Pairs every value of this producer with the latest value of `samplee`; the
    /// form that a samplee written by context picks (`withLatest(from: .init(value: 0))`).
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> SignalProducer<(Value, U), Error> {
        samplee.lift(with: self) { samplee, signal in signal.withLatest(from: samplee) }
    }

    /// Sends the latest value of this producer paired with each value of `sampler`;
    /// the form that a sampler written by context picks (`sample(with: .init(value: 0))`).
    public func sample<T>(with sampler: SignalProducer<T, Never>) -> SignalProducer<(Value, T), Error> {
        lift(with: sampler) { $0.sample(with: $1) }
    }

    /// Sends the latest value of this producer each time `sampler` fires; the form
    /// that a sampler written by context picks (`sample(on: .init(value: ()))`).
    public func sample(on sampler: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        lift(with: sampler) { $0.sample(on: $1) }
    }
}
