// CombineLatest: once every input has sent a value, send the latest value of each
// input whenever any of them sends one.
//
//     combineLatest(a, b)     a: -1---2-----|
//                             b: ---x---y-|
//                                ---(1,x)-(2,x)-(2,y)-|
//
// Waits for every input; completes when all inputs have completed; fails or is
// interrupted at once when any input fails or is interrupted. Inputs sending at once
// on several threads are taken one at a time, and each combination leaves in the
// order it was formed.

extension Signal {
    /// Combines the latest values of `first` and every signal of `rest`: once each
    /// has sent a value, sends a tuple of their latest values whenever any of them
    /// sends one.
    ///
    /// ```swift
    /// Signal.combineLatest(name, age, isMember).observeValues { name, age, isMember in … }
    /// ```
    ///
    /// Completes when every input has completed; fails or is interrupted as soon as
    /// any input is.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
    public static func combineLatest<each S>(
        _ first: Signal<Value, Error>,
        _ rest: repeat Signal<each S, Error>
    ) -> Signal<(Value, repeat each S), Error> {
        .funnelled { funnel, output, lifetime in
            let latest = LatestTuple<Value, repeat each S>()
            var inputCount = 1
            for _ in repeat each rest { inputCount += 1 }
            let state = CombineLatestState(inputCount: inputCount, output: output, assemble: latest.values)
            lifetime += funnel.attach(first, state.handler(keepingLatestIn: latest.first))
            for (signal, latest) in repeat (each rest, each latest.rest) {
                lifetime += funnel.attach(signal, state.handler(keepingLatestIn: latest))
            }
        }
    }

    /// Combines the latest values of `first` and `second`: once both have sent a
    /// value, sends a pair of their latest values whenever either sends one.
    ///
    /// The two-signal case of ``combineLatest(_:_:)``, which a client specialises
    /// for its value types.
    @inlinable
    public static func combineLatest<Other>(
        _ first: Signal<Value, Error>,
        _ second: Signal<Other, Error>
    ) -> Signal<(Value, Other), Error> {
        .funnelled { funnel, output, lifetime in
            let firstLatest = LatestValue<Value>()
            let secondLatest = LatestValue<Other>()
            let state = CombineLatestState(inputCount: 2, output: output) { (firstLatest.current, secondLatest.current) }
            lifetime += funnel.attach(first, state.handler(keepingLatestIn: firstLatest))
            lifetime += funnel.attach(second, state.handler(keepingLatestIn: secondLatest))
        }
    }

    /// Combines the latest values of `signals`: once each has sent a value, sends an
    /// array of their latest values, in the order of `signals`, whenever any of
    /// them sends one.
    ///
    /// Completes when every signal has completed; fails or is interrupted as soon as
    /// any signal is. With no signal at all, the result has completed already
    /// (observers get `interrupted`); the producer version can send a sentinel instead.
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error> where S.Element == Signal {
        let signals = Array(signals)
        guard !signals.isEmpty else { return .empty }
        return .funnelled { funnel, output, lifetime in
            let latest = signals.map { _ in LatestValue<Value>() }
            let state = CombineLatestState(inputCount: signals.count, output: output) { latest.map { $0.value! } }
            for (signal, latest) in Swift.zip(signals, latest) {
                lifetime += funnel.attach(signal, state.handler(keepingLatestIn: latest))
            }
        }
    }

    /// The instance form of `combineLatest`: `signal.combineLatest(with: other)`
    /// combines the latest values of this signal and `other` into pairs; see
    /// ``combineLatest(_:_:)->Signal<(Value,Other),Error>``.
    ///
    /// A callable value rather than a method, so that `Signal.combineLatest(a, b)`
    /// keeps inferring its generic arguments (see "Instance forms" at ``Signal``).
    @inlinable
    public var combineLatest: Pairing {
        Pairing(self, .combineLatest)
    }
}

/// The latest value of one input of `combineLatest`; `nil` until it sends one.
/// Touched only by the handlers of one ``Funnel``.
@usableFromInline
final class LatestValue<Value> {
    // Touched only under the funnel, never around a call out: unchecked exclusivity.
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @usableFromInline
    init() {}

    /// The latest value, which must have arrived.
    @inlinable
    var current: Value { value! }
}

/// The latest values of the inputs of a `combineLatest` of several types.
private final class LatestTuple<First, each Rest> {
    let first: LatestValue<First>
    let rest: (repeat LatestValue<each Rest>)

    init() {
        first = LatestValue()
        rest = (repeat LatestValue<each Rest>())
    }

    /// The tuple of the latest values; every input must have one.
    func values() -> (First, repeat each Rest) {
        (first.current, repeat (each rest).current)
    }
}

/// The combineLatest state machine: the handlers of its inputs, which a ``Funnel``
/// calls one event at a time, so its state needs no lock of its own; `assemble`
/// builds a result from the latest value of every input.
@usableFromInline
final class CombineLatestState<Output, Error: Swift.Error> {
    // Touched only under the funnel, never around a call out: unchecked exclusivity.
    @exclusivity(unchecked) @usableFromInline var silentInputs: Int
    @exclusivity(unchecked) @usableFromInline var activeInputs: Int
    @usableFromInline let output: FunnelOutput<Output, Error>
    @usableFromInline let assemble: () -> Output

    @inlinable
    init(inputCount: Int, output: FunnelOutput<Output, Error>, assemble: @escaping () -> Output) {
        silentInputs = inputCount
        activeInputs = inputCount
        self.output = output
        self.assemble = assemble
    }

    /// The handler of one input, whose latest value `latest` keeps.
    @inlinable
    func handler<Value>(keepingLatestIn latest: LatestValue<Value>) -> (Signal<Value, Error>.Event) -> Void {
        { [self] event in
            switch event {
            case let .value(value):
                if latest.value == nil { silentInputs -= 1 }
                latest.value = value
                // Every input has a value once none is silent.
                if silentInputs == 0 { output.send(.value(assemble())) }
            case .completed:
                activeInputs -= 1
                if activeInputs == 0 { output.send(.completed) }
            case let .failed(error): output.send(.failed(error))
            case .interrupted: output.send(.interrupted)
            }
        }
    }
}

extension SignalProducer {
    /// Combines the latest values of `first` and every stream of `rest`: once each
    /// has sent a value, sends a tuple of their latest values whenever any of them
    /// sends one. Each start starts one run of every input, left to right.
    ///
    /// Every input is anything `SignalProducerConvertible` with this error type: a
    /// producer, a signal (observed from each start on), a property (its current
    /// value first), so that properties and producers mix:
    ///
    /// ```swift
    /// SignalProducer.combineLatest(viewModel.query, api.suggestions(), settings.limit)
    /// ```
    ///
    /// Completes when every input has completed; fails or is interrupted as soon as
    /// any input is.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
    public static func combineLatest<each S>(
        _ first: some SignalProducerConvertible<Value, Error>,
        _ rest: repeat any SignalProducerConvertible<each S, Error>
    ) -> SignalProducer<(Value, repeat each S), Error> {
        lift(first.producer, repeat (each rest).producer, transform: {
            (first: Signal<Value, Error>, rest: repeat Signal<each S, Error>) in
            Signal<Value, Error>.combineLatest(first, repeat each rest)
        })
    }

    /// Combines the latest values of `producers` (producers, signals or properties
    /// of one type): once each has sent a value, sends an array of their latest
    /// values, in the order of `producers`, whenever any of them sends one. Each
    /// start starts one run of every producer, in order.
    ///
    /// Completes when every producer has completed; fails or is interrupted as soon
    /// as any producer is.
    ///
    /// - Parameters:
    ///   - producers: the producers, signals or properties to combine.
    ///   - emptySentinel: what to send, before completing, when `producers`
    ///     is empty; with `nil`, an empty `producers` completes at once.
    public static func combineLatest<S: Sequence>(
        _ producers: S,
        emptySentinel: [Value]? = nil
    ) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        let producers = producers.map(\.producer)
        guard !producers.isEmpty else {
            return emptySentinel.map { SignalProducer<[Value], Error>(value: $0) } ?? .empty
        }
        return lift(producers) { Signal<Value, Error>.combineLatest($0) }
    }

    /// The instance form of `combineLatest`:
    /// `producer.combineLatest(with: other)` combines the latest values of this
    /// producer and `other` into pairs; see ``combineLatest(_:_:)``. This
    /// producer's run starts first.
    ///
    /// A callable value rather than a method, so that
    /// `SignalProducer.combineLatest(a, b)` keeps inferring its generic arguments
    /// (see "Instance forms" at ``Signal``).
    @inlinable
    public var combineLatest: Pairing {
        Pairing(self, .combineLatest)
    }
}
