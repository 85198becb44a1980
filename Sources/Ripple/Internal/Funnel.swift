/// What a combining operator (`combineLatest`, `zip`) hears from one of its inputs
/// through a funnel (see `Signal.funnel(_:into:)`).
enum Arrival<Element> {
    /// Input number `input` sent a value.
    case value(Element, input: Int)
    /// Input number `input` completed.
    case completed(input: Int)
}

/// One input of a funnel, not attached yet: `attach` observes the input's stream and
/// tells the funnel's input what it hears, as input number `index`.
struct FunnelInput<Element, Error: Swift.Error> {
    let attach: (_ funnel: Signal<Arrival<Element>, Error>.Observer, _ index: Int) -> (any Disposable)?
}

extension Signal {
    /// This signal as an input of a funnel, its values turned into elements by
    /// `transform`: values and completion arrive as ``Arrival``s; a failure or an
    /// interruption ends the funnel.
    func funnelInput<Element>(_ transform: @escaping (Value) -> Element) -> FunnelInput<Element, Error> {
        FunnelInput { funnel, index in
            self.observe { event in
                switch event {
                case let .value(value): funnel.send(value: .value(transform(value), input: index))
                case .completed: funnel.send(value: .completed(input: index))
                case let .failed(error): funnel.send(error: error)
                case .interrupted: funnel.sendInterrupted()
                }
            }
        }
    }

    /// The result of a combining operator fed by `inputs`; `Value` is the result's.
    ///
    /// The inputs' events are funnelled into one signal of ``Arrival``s, and `combine`
    /// derives the result from it (with `derived(forwarding:)`) given the number of
    /// inputs.
    ///
    /// Invariants:
    /// - The funnel is built with the public initialiser: its send lock serialises
    ///   and de-recurses arrivals. The state machine that `combine` derives is
    ///   therefore called one arrival at a time, never recursively, and keeps its
    ///   state without a lock of its own; it updates its state and sends the result
    ///   in the same step, so results of inputs that send at once on several threads
    ///   leave in the order their states were reached, and no lock is held while
    ///   sending (an observer may send to an input again: that arrival is queued).
    /// - `combine` is attached before the first input, so no arrival is missed.
    /// - Inputs are attached in order and stay attached for the funnel's lifetime,
    ///   which ends when the result terminates or when nobody references or observes
    ///   it any more.
    static func funnel<Element>(
        _ inputs: [FunnelInput<Element, Error>],
        into combine: (_ arrivals: Signal<Arrival<Element>, Error>, _ inputCount: Int) -> Signal
    ) -> Signal {
        var funnelInput: Signal<Arrival<Element>, Error>.Observer?
        var funnelLifetime: Lifetime?
        let arrivals = Signal<Arrival<Element>, Error> { input, lifetime in
            funnelInput = input
            funnelLifetime = lifetime
        }
        let result = combine(arrivals, inputs.count)
        for (index, input) in inputs.enumerated() {
            funnelLifetime! += input.attach(funnelInput!, index)
        }
        return result
    }
}

extension SignalProducer {
    /// Applies an operator over several signals of different value types to one run
    /// of each producer; runs start left to right.
    static func lift<each S, V, G>(
        _ first: SignalProducer,
        _ rest: repeat SignalProducer<each S, Error>,
        transform: @escaping (Signal<Value, Error>, repeat Signal<each S, Error>) -> Signal<V, G>
    ) -> SignalProducer<V, G> {
        SignalProducer<V, G> { observer, lifetime in
            let firstRun = first.makeRun()
            let restRuns = (repeat (each rest).makeRun())
            lifetime += firstRun.handle
            for run in repeat each restRuns { lifetime += run.handle }
            lifetime += transform(firstRun.signal, repeat (each restRuns).signal).observe(observer)
            firstRun.start()
            for run in repeat each restRuns { run.start() }
        }
    }
}

/// Rebuilds a tuple from the type-erased values of a funnel whose inputs were
/// attached in the order of the tuple's elements, each value erased from the type
/// of its position.
func unerased<First, each Rest>(_ values: [Any], as _: (First, repeat each Rest).Type) -> (First, repeat each Rest) {
    var index = 0
    func next<Element>(_: Element.Type) -> Element {
        index += 1
        return values[index] as! Element
    }
    return (values[0] as! First, repeat next((each Rest).self))
}
