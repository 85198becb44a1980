import Synchronization

/// Where a combining operator (`combineLatest`, `zip`) takes the events of its
/// inputs one at a time: the serialiser in front of the operator's state machine.
///
/// Invariants (the same as a signal core's send lock, see `Signal.Core`):
/// - A handler runs under `lock`, with the delivering thread in `owner`; so the
///   state machine that handlers share is never run concurrently, and it updates its
///   state and sends its result in the same step: results of inputs that send at
///   once on several threads leave in the order their states were reached.
/// - An arrival from the owning thread (an observer downstream sent to an input
///   again) is appended to `pending` and handled by the owner, in order, after the
///   current handler has returned: the state machine is never re-entered, and never
///   deadlocks. `pending` is touched only by the owner.
/// - Arrivals are released (with their events) out of `pending`, so that a
///   deinitialiser that reaches an input again is queued like any other arrival.
/// - Values keep their types: the fast path calls the input's handler directly; only
///   a re-entrant arrival is wrapped in a closure.
///
/// Inlinable, with the operators' state machines, so that a client specialises the
/// path of an event through a combining operator for its value types.
@usableFromInline
final class Funnel: @unchecked Sendable {  // `pending` is guarded by `lock` (touched by `owner` only)
    @usableFromInline let lock = Lock()
    @usableFromInline let owner = Synchronization.Atomic<UInt>(0)
    // Only the owner touches it, never around a call out: the dynamic exclusivity
    // check would only cost time.
    @exclusivity(unchecked) @usableFromInline var pending: [() -> Void] = []

    @usableFromInline
    init() {}

    deinit {
        lock.deallocate()
    }

    /// Hands `event` to `handler` once no other arrival is being handled.
    @inlinable
    func pass<Event>(_ event: Event, to handler: @escaping (Event) -> Void) {
        let thread = currentThreadID()
        if owner.load(ordering: .relaxed) == thread {
            pending.append { handler(event) }
            return
        }
        lock.lock()
        owner.store(thread, ordering: .relaxed)
        handler(event)
        if !pending.isEmpty { drainPending() }
        owner.store(0, ordering: .relaxed)
        lock.unlock()
    }

    /// Handles the queued re-entrant arrivals, including those they queue in turn.
    @usableFromInline
    func drainPending() {
        repeat {
            var index = 0
            while index < pending.count {
                let next = pending[index]
                index += 1
                next()
            }
            // Released out of `pending`: an event's deinitialiser may reach an input
            // again (an arrival appended to `pending` meanwhile, handled next round).
            var handled: [() -> Void] = []
            swap(&handled, &pending)
            handled.removeAll(keepingCapacity: true)
            if pending.isEmpty { swap(&handled, &pending) }
        } while !pending.isEmpty
    }

    /// Attaches `handler` to `signal` through this funnel.
    @inlinable
    func attach<Value, Error>(
        _ signal: Signal<Value, Error>,
        _ handler: @escaping (Signal<Value, Error>.Event) -> Void
    ) -> (any Disposable)? {
        signal.observe { [self] event in pass(event, to: handler) }
    }
}

/// Where a combining operator sends its results: straight into the core of its
/// result signal, so that a client that inlined the operator sends with a delivery
/// specialised for its types. It also keeps the result's input observer, whose
/// release would interrupt the result.
@usableFromInline
struct FunnelOutput<Value, Error: Swift.Error> {
    @usableFromInline let core: Signal<Value, Error>.Core
    @usableFromInline let input: Signal<Value, Error>.Observer

    @usableFromInline
    init(core: Signal<Value, Error>.Core, input: Signal<Value, Error>.Observer) {
        self.core = core
        self.input = input
    }

    @inlinable
    func send(_ event: Signal<Value, Error>.Event) {
        core.send(event)
    }
}

extension Signal {
    /// The result of a combining operator: a signal whose input is used only from
    /// the handlers of a ``Funnel``, which serialises and de-recurses it, so it needs
    /// no send lock of its own. `attachInputs` receives the funnel, the output and
    /// the lifetime of the new signal, and attaches the operator's inputs in order;
    /// they stay attached until the result terminates, or until nobody references or
    /// observes it any more.
    @usableFromInline
    static func funnelled(
        _ attachInputs: (_ funnel: Funnel, _ output: FunnelOutput<Value, Error>, _ lifetime: Lifetime) -> Void
    ) -> Signal {
        var input: Observer?
        var lifetime: Lifetime?
        let signal = Signal(fedBy: .funnel) { input = $0; lifetime = $1 }
        attachInputs(Funnel(), FunnelOutput(core: signal.core, input: input!), lifetime!)
        return signal
    }
}

extension SignalProducer {
    /// Applies an operator over several signals of different value types to one run
    /// of each producer; runs start left to right.
    // Not cross-module optimised: Swift 6.3.1's CrossModuleOptimization pass aborts
    // on this parameter pack ("Abstract conformance with bad subject type").
    @_semantics("optimize.no.crossmodule")
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
