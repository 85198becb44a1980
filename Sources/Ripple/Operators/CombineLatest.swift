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
    public static func combineLatest<each S>(
        _ first: Signal<Value, Error>,
        _ rest: repeat Signal<each S, Error>
    ) -> Signal<(Value, repeat each S), Error> {
        var inputs = [first.funnelInput { $0 as Any }]
        for signal in repeat each rest { inputs.append(signal.funnelInput { $0 as Any }) }
        return .funnel(inputs) { arrivals, inputCount in
            arrivals.combiningLatest(inputCount) { unerased($0, as: (Value, repeat each S).self) }
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
        let inputs = signals.map { $0.funnelInput { $0 } }
        guard !inputs.isEmpty else { return .empty }
        return .funnel(inputs) { arrivals, inputCount in
            arrivals.combiningLatest(inputCount) { $0 }
        }
    }

    /// Combines the latest values of this signal and `other` into pairs; see
    /// ``combineLatest(_:_:)``.
    public func combineLatest<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal.combineLatest(self, other)
    }

    /// The combineLatest state machine over the arrivals of a funnel of `inputCount`
    /// inputs; `assemble` builds a result from the latest value of every input.
    /// Its state needs no lock: the funnel calls it one arrival at a time.
    fileprivate func combiningLatest<Element, Output>(
        _ inputCount: Int,
        _ assemble: @escaping ([Element]) -> Output
    ) -> Signal<Output, Error> where Value == Arrival<Element> {
        var latest = [Element?](repeating: nil, count: inputCount)
        var silentInputs = inputCount
        var activeInputs = inputCount
        return derived(forwarding: { event, input in
            switch event {
            case let .value(.value(element, index)):
                if latest[index] == nil { silentInputs -= 1 }
                latest[index] = element
                // Every slot is filled once no input is silent.
                if silentInputs == 0 { input.send(value: assemble(latest.map { $0! })) }
            case .value(.completed):
                activeInputs -= 1
                if activeInputs == 0 { input.sendCompleted() }
            case let .failed(error): input.send(error: error)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }
}

extension SignalProducer {
    /// Combines the latest values of `first` and every producer of `rest`: once each
    /// has sent a value, sends a tuple of their latest values whenever any of them
    /// sends one. Each start starts one run of every producer, left to right.
    ///
    /// Completes when every input has completed; fails or is interrupted as soon as
    /// any input is.
    public static func combineLatest<each S>(
        _ first: SignalProducer<Value, Error>,
        _ rest: repeat SignalProducer<each S, Error>
    ) -> SignalProducer<(Value, repeat each S), Error> {
        lift(first, repeat each rest, transform: { (first: Signal<Value, Error>, rest: repeat Signal<each S, Error>) in
            Signal<Value, Error>.combineLatest(first, repeat each rest)
        })
    }

    /// Combines the latest values of `producers`: once each has sent a value, sends
    /// an array of their latest values, in the order of `producers`, whenever any of
    /// them sends one. Each start starts one run of every producer, in order.
    ///
    /// Completes when every producer has completed; fails or is interrupted as soon
    /// as any producer is.
    ///
    /// - Parameter emptySentinel: what to send, before completing, when `producers`
    ///   is empty; with `nil`, an empty `producers` completes at once.
    public static func combineLatest<S: Sequence>(
        _ producers: S,
        emptySentinel: [Value]? = nil
    ) -> SignalProducer<[Value], Error> where S.Element == SignalProducer {
        let producers = Array(producers)
        guard !producers.isEmpty else {
            return emptySentinel.map { SignalProducer<[Value], Error>(value: $0) } ?? .empty
        }
        return lift(producers) { Signal<Value, Error>.combineLatest($0) }
    }

    /// Combines the latest values of this producer and `other` into pairs; see
    /// ``combineLatest(_:_:)``. This producer's run starts first.
    public func combineLatest<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
        lift(with: other) { $0.combineLatest(with: $1) }
    }
}
