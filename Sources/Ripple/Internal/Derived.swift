extension Signal {
    /// A signal fed by this one alone: `makeObserver` receives the new signal's input
    /// and returns the observer to attach here, which decides what to forward.
    ///
    /// This signal serialises and de-recurses what reaches the observer, so the new
    /// signal needs no send lock. The observer stays attached until the new signal
    /// terminates, or until nobody references or observes the new signal.
    @inlinable
    func derived<U, F>(_ makeObserver: (Signal<U, F>.Observer) -> Observer) -> Signal<U, F> {
        Signal<U, F>(fedBy: .upstream(core.deliveryGate)) { input, lifetime in
            lifetime += observe(makeObserver(input))
        }
    }

    /// A signal fed by this one alone that hands every event to `forward` together
    /// with the new signal's input; `forward` sends whatever it decides to (nothing,
    /// one event, several events). The common case of ``derived(_:)``.
    @inlinable
    func derived<U, F>(
        forwarding forward: @escaping (_ event: Event, _ input: Signal<U, F>.Observer) -> Void
    ) -> Signal<U, F> {
        Signal<U, F>(fedBy: .upstream(core.deliveryGate)) { input, lifetime in
            lifetime += core.attach(.events { event in forward(event, input) })
        }
    }
}

extension Signal {
    /// What a stateless operator does with one event: send at most one event on
    /// through `send`, at once. One relay serves the operator on ``Signal`` (a derived
    /// signal runs it) and on ``SignalProducer`` (fused into the run of its source,
    /// see `SignalProducer.fused(_:)`).
    @usableFromInline
    typealias Relay<U, F: Swift.Error> = (_ event: Event, _ send: (Signal<U, F>.Event) -> Void) -> Void

    /// A signal fed by this one alone that passes every event through `relay`.
    ///
    /// The relay sends straight into the new signal's core (no input observer in
    /// between on the way of an event); the observer attached here keeps the input
    /// alive, so that releasing it (when this signal drops the observer) still
    /// interrupts the new signal.
    @inlinable
    func derived<U, F>(relaying relay: @escaping Relay<U, F>) -> Signal<U, F> {
        let signal = Signal<U, F>(fedBy: .upstream(core.deliveryGate))
        let downstream = signal.core
        let input = downstream.makeInput()
        downstream.lifetime += core.attach(.events { event in
            withExtendedLifetime(input) {
                relay(event) { downstream.deliverSerialised($0) }
            }
        })
        return signal
    }

    /// A signal fed by this one alone, through the sink that `makeSink` makes for
    /// the new signal's core: the form of ``derived(relaying:)`` for the operators
    /// on the hot path (`map`, `filter`, `compactMap`, `mapError`), whose sink is
    /// written at the operator, so that it calls the user's closure and delivers
    /// into `downstream` directly (not through a relay and a `send` closure, two
    /// indirect calls per event and operator).
    ///
    /// The sink must keep `input` alive (`withExtendedLifetime`), so that
    /// releasing it (when this signal drops the sink) still interrupts the new
    /// signal, and deliver only through `downstream.deliverSerialised`.
    @inlinable
    func derived<U, F>(
        sinking makeSink: (_ downstream: Signal<U, F>.Core, _ input: Signal<U, F>.Observer) -> Sink
    ) -> Signal<U, F> {
        let signal = Signal<U, F>(fedBy: .upstream(core.deliveryGate))
        let downstream = signal.core
        let input = downstream.makeInput()
        downstream.lifetime += core.attach(makeSink(downstream, input))
        return signal
    }
}
