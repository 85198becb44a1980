import Synchronization

// How operators reach producers: a stateless operator fused into its source's run,
// and an operator over signals applied to the runs of its sources behind a
// forwarding signal of its own. See the Architecture article (Ripple.docc/Architecture.md),
// "Fusion".

extension SignalProducer {
    /// Applies a stateless operator, given as the `relay` that its signal version
    /// runs for each event (`map`, `filter`, `compactMap`, `mapError`, `promoteError`…):
    /// `relay` sends at most one event for each event of the source, and the result
    /// ends exactly when its source does.
    ///
    /// Started for one observer, the operator is fused into the run: the observer is
    /// wrapped by `relay` and attached to the source's run, with no signal of its
    /// own. Prepared without one (`startWithSignal`, `lift`), the run's signal is the
    /// operator's derived signal, and its handle is the source run's handle (no
    /// forwarding signal, unlike ``lift(_:)``).
    ///
    /// Disposing the run interrupts the source, and the interruption reaches the
    /// observer through `relay` at once; from inside the source's delivery on this
    /// thread, once that delivery is over, as for any signal (the event being
    /// delivered finishes its way down first, and the source sends nothing more in
    /// between).
    @inlinable
    func fused<U, F>(_ relay: @escaping Signal<Value, Error>.Relay<U, F>) -> SignalProducer<U, F> {
        SignalProducer<U, F>(preparingRunFor: { sink in
            guard let sink else {
                let run = makeRun()
                return .init(signal: run.signal.derived(relaying: relay), handle: run.handle, start: run.start)
            }
            let run = prepareRun(.events { event in relay(event) { sink.receive($0) } })
            // The source's run, which it is: the same lifetime, or the same immediate run.
            return .init(signal: nil, handle: run.handle, lifetime: run.lifetime, immediateRun: run.immediateRun, start: run.start)
        })
    }

    /// Applies an operator over signals that delivers every event on `scheduler`
    /// (`observe(on:)`, `delay`, `throttle`, `debounce`, `lazyMap`…) to one run of
    /// this producer.
    ///
    /// Disposing a run drops whatever the operator still has on its way, interrupts
    /// the source, and sends `interrupted` through `scheduler`, whether the source
    /// was still running or had already ended: an observer on the main scheduler
    /// sees every event there, the interruption too.
    func lift<U, F>(
        deliveringOn scheduler: some Scheduler,
        _ transform: @escaping (Signal<Value, Error>) -> Signal<U, F>
    ) -> SignalProducer<U, F> {
        SignalProducer<U, F>(preparingRunFor: { sink in
            let run = makeRun()
            let lifted = SignalProducer<U, F>.Run(
                forwarding: transform(run.signal), of: run.handle, interruptingOn: scheduler, starting: run.start
            )
            if let sink { _ = lifted.signal.core.attach(sink) }
            return lifted
        })
    }

    /// Applies a two-signal operator to a run of this producer and a run of `other`;
    /// this producer's run starts first.
    func lift<U, F, V, G>(
        with other: SignalProducer<U, F>,
        _ transform: @escaping (Signal<Value, Error>, Signal<U, F>) -> Signal<V, G>
    ) -> SignalProducer<V, G> {
        SignalProducer<V, G> {
            let run = makeRun()
            let otherRun = other.makeRun()
            return .init(
                forwarding: transform(run.signal, otherRun.signal),
                of: [run.handle, otherRun.handle],
                starting: { [start = run.start, otherStart = otherRun.start] in
                    start()
                    otherStart()
                }
            )
        }
    }

    /// Applies an operator over many signals to one run of each producer; runs start
    /// in the order of `producers`.
    static func lift<S: Sequence, V, G>(
        _ producers: S,
        _ transform: @escaping ([Signal<Value, Error>]) -> Signal<V, G>
    ) -> SignalProducer<V, G> where S.Element == SignalProducer {
        let producers = Array(producers)
        return SignalProducer<V, G> {
            let runs = producers.map { $0.makeRun() }
            let starts = runs.map(\.start)
            return .init(forwarding: transform(runs.map(\.signal)), of: runs.map(\.handle)) {
                for start in starts { start() }
            }
        }
    }
}

extension SignalProducer.Run {
    /// The run of an operator applied to the runs of its sources: a signal of its
    /// own forwards `transformed`, so that disposing the run can end it even when it
    /// outlives its sources. `start` starts the sources in order.
    ///
    /// Disposal interrupts the sources that are still running, in order, and lets
    /// the interruption flow down through the operator, which decides how and where
    /// it arrives (at once, or on its scheduler). This run is interrupted directly
    /// only if no source was running any more, or if a source could not end at once
    /// (it was disposed while it delivered, on this thread or another one).
    @inlinable
    init(forwarding transformed: Signal<Value, Error>, of sourceHandles: [any Disposable], starting start: @escaping () -> Void) {
        // `transformed` is observed here, and kept by nothing else: once this run's
        // signal lets go of it, it ends.
        var handle: LiftedRunHandle<Value, Error>?
        let own = Signal<Value, Error> { input, lifetime in
            handle = LiftedRunHandle(sources: sourceHandles, input: input, lifetime: lifetime)
            lifetime += transformed.observe(input)
        }
        self.init(signal: own, handle: handle!, start: start)
    }
}

extension SignalProducer.Run {
    /// The run of an operator that delivers on `scheduler`, applied to the run of
    /// its source (see `SignalProducer.lift(deliveringOn:_:)`): a signal of its own
    /// forwards `transformed` until the run is disposed, which then interrupts the
    /// source and sends the run's own `interrupted` through `scheduler`.
    init(
        forwarding transformed: Signal<Value, Error>,
        of sourceHandle: any Disposable,
        interruptingOn scheduler: any Scheduler,
        starting start: @escaping () -> Void
    ) {
        var handle: ScheduledRunHandle<Value, Error>?
        let own = Signal<Value, Error> { input, lifetime in
            let made = ScheduledRunHandle(source: sourceHandle, input: input, lifetime: lifetime, scheduler: scheduler)
            handle = made
            lifetime += transformed.observe { event in
                guard !made.isEnding else { return }
                input.send(event)
            }
        }
        self.init(signal: own, handle: handle!, start: start)
    }
}

/// The handle of a run lifted through an operator that delivers on a scheduler
/// (see `SignalProducer.Run.init(forwarding:of:interruptingOn:starting:)`).
///
/// Once disposed, the run's signal forwards nothing more from the operator (what
/// waits on the scheduler is dropped), and its interruption is sent through the
/// scheduler: it counts as disposed at once, its end being on its way.
final class ScheduledRunHandle<Value, Error: Swift.Error>: Disposable, LiftedRunEnding, @unchecked Sendable {  // immutable but for the atomic `ending`; `input` serialises through its signal's locks
    private let source: any Disposable
    private let input: Signal<Value, Error>.Observer
    private let lifetime: Lifetime
    private let scheduler: any Scheduler
    private let ending = Synchronization.Atomic(false)

    init(source: any Disposable, input: Signal<Value, Error>.Observer, lifetime: Lifetime, scheduler: any Scheduler) {
        self.source = source
        self.input = input
        self.lifetime = lifetime
        self.scheduler = scheduler
    }

    var isEnding: Bool { ending.load(ordering: .acquiring) }

    var isDisposed: Bool { isEnding || lifetime.hasEnded }

    func dispose() {
        guard !lifetime.hasEnded, !ending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        source.dispose()
        scheduler.schedule { [input] in input.sendInterrupted() }
    }
}

/// A lifted run whose end may be on its way down through an asynchronous operator.
@usableFromInline
protocol LiftedRunEnding: AnyObject {
    /// Disposal has ended every source, and the run's own end is on its way.
    var isEnding: Bool { get }
}

/// The handle of a lifted run; see `SignalProducer.Run.init(forwarding:of:starting:)`.
@usableFromInline
final class LiftedRunHandle<Value, Error: Swift.Error>: Disposable, LiftedRunEnding, @unchecked Sendable {  // immutable but for the atomic `ending`; `input` serialises through its signal's locks
    private let sources: [any Disposable]
    /// The input and lifetime of the run's own signal.
    private let input: Signal<Value, Error>.Observer
    private let lifetime: Lifetime
    /// Disposal has ended every source, and the run's own end is on its way down
    /// through the operator (on its scheduler, for an asynchronous one).
    private let ending = Synchronization.Atomic(false)

    @usableFromInline
    init(sources: [any Disposable], input: Signal<Value, Error>.Observer, lifetime: Lifetime) {
        self.sources = sources
        self.input = input
        self.lifetime = lifetime
    }

    @usableFromInline
    var isEnding: Bool { ending.load(ordering: .acquiring) }

    @usableFromInline
    var isDisposed: Bool { lifetime.hasEnded && sources.allSatisfy(\.isDisposed) }

    @usableFromInline
    func dispose() {
        let running = sources.filter { !$0.isDisposed }
        guard !running.isEmpty else {
            input.sendInterrupted()
            return
        }
        running.forEach { $0.dispose() }
        // A source disposed while it delivers (from inside that delivery, or from
        // another thread, which never waits for it) ends only once that delivery
        // is over: end this run now rather than wait for it. A source whose end is
        // on its way (through an asynchronous operator) is waited for.
        if running.contains(where: { !$0.isDisposed && !(($0 as? any LiftedRunEnding)?.isEnding ?? false) }) {
            input.sendInterrupted()
        } else {
            ending.store(true, ordering: .releasing)
        }
    }
}
