// Zip: pair the inputs' values by position — the first value of each input, then
// the second of each, and so on — buffering the values of inputs that run ahead.
//
//     zip(a, b)     a: -1-2-3-----|
//                   b: ---x---y-|
//                      ---(1,x)-(2,y)-|
//
// Completes as soon as an input has completed and none of its values is left in the
// buffer (no further tuple can be formed); fails or is interrupted at once when any
// input fails or is interrupted. Inputs sending at once on several threads are taken
// one at a time, and each tuple leaves in the order it was formed.

extension Signal {
    /// Zips `first` with every signal of `rest`: sends a tuple of the n-th values of
    /// all inputs once each of them has sent its n-th value.
    ///
    /// ```swift
    /// Signal.zip(requests, responses).observeValues { request, response in … }
    /// ```
    ///
    /// Completes when an input has completed and all of its values have been used;
    /// fails or is interrupted as soon as any input is.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
    public static func zip<each S>(
        _ first: Signal<Value, Error>,
        _ rest: repeat Signal<each S, Error>
    ) -> Signal<(Value, repeat each S), Error> {
        .funnelled { funnel, output, lifetime in
            let state = ZipState<(Value, repeat each S), Error>(output: output)
            let firstBuffer = state.makeBuffer(of: Value.self)
            let restBuffers = (repeat state.makeBuffer(of: (each S).self))
            state.assemble = { (firstBuffer.removeFirst(), repeat (each restBuffers).removeFirst()) }
            lifetime += funnel.attach(first, state.handler(buffering: firstBuffer))
            for (signal, buffer) in repeat (each rest, each restBuffers) {
                lifetime += funnel.attach(signal, state.handler(buffering: buffer))
            }
        }
    }

    /// Zips `signals`: sends an array of the n-th values of all signals, in the
    /// order of `signals`, once each of them has sent its n-th value.
    ///
    /// Completes when a signal has completed and all of its values have been used;
    /// fails or is interrupted as soon as any signal is. With no signal at all, the
    /// result has completed already (observers get `interrupted`); the producer
    /// version can send a sentinel instead.
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error> where S.Element == Signal {
        let signals = Array(signals)
        guard !signals.isEmpty else { return .empty }
        return .funnelled { funnel, output, lifetime in
            let state = ZipState<[Value], Error>(output: output)
            let buffers = signals.map { _ in state.makeBuffer(of: Value.self) }
            state.assemble = { buffers.map { $0.removeFirst() } }
            for (signal, buffer) in Swift.zip(signals, buffers) {
                lifetime += funnel.attach(signal, state.handler(buffering: buffer))
            }
        }
    }

    /// The instance form of `zip`: `signal.zip(with: other)` zips this signal
    /// with `other` into pairs; see ``zip(_:_:)``.
    ///
    /// A callable value rather than a method, so that `Signal.zip(a, b)` keeps
    /// inferring its generic arguments (see "Instance forms" at ``Signal``).
    @inlinable
    public var zip: Pairing {
        Pairing(self, .zip)
    }
}

/// What the buffers of one `zip` count together: how many are empty, and whether
/// taking the current tuple exhausted an input that has completed. Touched only by
/// the handlers of one ``Funnel``.
private final class ZipCounts {
    var emptyBuffers = 0
    var isExhausted = false
}

/// The values of one input of `zip` that are waiting for the other inputs.
private final class ZipBuffer<Value> {
    private var values = FIFOQueue<Value>()
    private let counts: ZipCounts
    var hasCompleted = false

    init(counts: ZipCounts) {
        self.counts = counts
        counts.emptyBuffers += 1
    }

    var isEmpty: Bool { values.isEmpty }

    func append(_ value: Value) {
        if values.isEmpty { counts.emptyBuffers -= 1 }
        values.append(value)
    }

    /// Removes and returns the oldest value; the buffer must not be empty.
    func removeFirst() -> Value {
        let value = values.removeFirst()!
        if values.isEmpty {
            counts.emptyBuffers += 1
            if hasCompleted { counts.isExhausted = true }
        }
        return value
    }
}

/// The zip state machine: the handlers of its inputs, which a ``Funnel`` calls one
/// event at a time, so its state needs no lock of its own; `assemble` builds a
/// result from the oldest buffered value of every input.
private final class ZipState<Output, Error: Swift.Error> {
    private let counts = ZipCounts()
    private let output: FunnelOutput<Output, Error>
    /// Set once, before any input is attached.
    var assemble: () -> Output = { preconditionFailure("zip's assemble is set before its inputs are attached") }

    init(output: FunnelOutput<Output, Error>) {
        self.output = output
    }

    /// A buffer for one more input.
    func makeBuffer<Value>(of _: Value.Type) -> ZipBuffer<Value> {
        ZipBuffer(counts: counts)
    }

    /// The handler of the input whose values `buffer` keeps.
    func handler<Value>(buffering buffer: ZipBuffer<Value>) -> (Signal<Value, Error>.Event) -> Void {
        { [self] event in
            switch event {
            case let .value(value):
                buffer.append(value)
                guard counts.emptyBuffers == 0 else { return }
                output.send(.value(assemble()))
                if counts.isExhausted { output.send(.completed) }
            case .completed:
                buffer.hasCompleted = true
                if buffer.isEmpty { output.send(.completed) }
            case let .failed(error): output.send(.failed(error))
            case .interrupted: output.send(.interrupted)
            }
        }
    }
}

extension SignalProducer {
    /// Zips `first` with every stream of `rest`: sends a tuple of the n-th values
    /// of all inputs once each of them has sent its n-th value. Each start starts
    /// one run of every input, left to right.
    ///
    /// Every input is anything `SignalProducerConvertible` with this error type: a
    /// producer, a signal (observed from each start on), a property (its current
    /// value counting as its first).
    ///
    /// Completes when an input has completed and all of its values have been used;
    /// fails or is interrupted as soon as any input is.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
    public static func zip<each S>(
        _ first: some SignalProducerConvertible<Value, Error>,
        _ rest: repeat any SignalProducerConvertible<each S, Error>
    ) -> SignalProducer<(Value, repeat each S), Error> {
        lift(first.producer, repeat (each rest).producer, transform: {
            (first: Signal<Value, Error>, rest: repeat Signal<each S, Error>) in
            Signal<Value, Error>.zip(first, repeat each rest)
        })
    }

    /// Zips `producers` (producers, signals or properties of one type): sends an
    /// array of the n-th values of all of them, in the order of `producers`, once
    /// each has sent its n-th value. Each start starts one run of every producer,
    /// in order.
    ///
    /// Completes when a producer has completed and all of its values have been
    /// used; fails or is interrupted as soon as any producer is.
    ///
    /// - Parameters:
    ///   - producers: the producers, signals or properties to zip.
    ///   - emptySentinel: what to send, before completing, when `producers`
    ///     is empty; with `nil`, an empty `producers` completes at once.
    public static func zip<S: Sequence>(
        _ producers: S,
        emptySentinel: [Value]? = nil
    ) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        let producers = producers.map(\.producer)
        guard !producers.isEmpty else {
            return emptySentinel.map { SignalProducer<[Value], Error>(value: $0) } ?? .empty
        }
        return lift(producers) { Signal<Value, Error>.zip($0) }
    }

    /// The instance form of `zip`: `producer.zip(with: other)` zips this
    /// producer with `other` into pairs; see ``zip(_:_:)``. This producer's run
    /// starts first.
    ///
    /// A callable value rather than a method, so that `SignalProducer.zip(a, b)`
    /// keeps inferring its generic arguments (see "Instance forms" at ``Signal``).
    @inlinable
    public var zip: Pairing {
        Pairing(self, .zip)
    }
}
