import Synchronization
/// A cold stream: a recipe for work that runs once per ``start(_:)-(Signal<Value,Error>.Observer)``.
///
/// Each start runs the start handler again, with an observer of its own and a
/// lifetime that ends when that run terminates or is disposed:
///
/// ```swift
/// let producer = SignalProducer<Int, Never> { observer, lifetime in
///     lifetime.observeEnded { print("cleaned up") }
///     observer.send(value: 1)
///     observer.sendCompleted()
/// }
/// producer.startWithValues { print("did received value: \($0)") }
/// // did received value: 1
/// // cleaned up
/// ```
///
/// Each run is a ``Signal``, so a run has every contract of a signal: serial,
/// synchronous, non-recursive delivery; one terminal event; resources released on
/// termination. Disposing what `start` returns interrupts that run only and ends
/// its lifetime. The start handler runs on the thread that calls `start`.
public struct SignalProducer<Value, Error: Swift.Error> {
    /// Prepares one run. A producer made from a start handler creates a signal for
    /// the handler to feed; a lifted producer transforms the run of its source, so
    /// that a chain of operators costs one signal per operator, not two.
    ///
    /// With a sink, the run is prepared for that one observer, which is attached
    /// before the run starts: a fused operator (`map`, `filter`…) then wraps the sink
    /// and hands it to its source instead of creating a signal of its own, so that
    /// `producer.map(f).start(observer)` costs one signal, not two. Without a sink,
    /// the run's ``Run/signal`` is there for the caller to observe.
    ///
    /// Inlinable, like every step of a start, so that the closures a start creates
    /// are specialised for the client's types (no runtime generic-metadata lookups).
    /// Being a closure made where the producer is, it stays specialised even when
    /// generic code starts the producer (an inner producer of `flatten`, say): the
    /// run's signal, and each event's way through it, is the client's specialisation.
    @usableFromInline let prepareRun: (_ sink: Signal<Value, Error>.Sink?) -> Run

    /// Creates a producer that runs `startHandler` on every start, with that run's
    /// observer and lifetime.
    ///
    /// Send events through the observer, and attach whatever the run needs to release
    /// to the lifetime. If the handler and the caller of `start` both let go of the
    /// observer before the run terminates, the run is interrupted.
    @inlinable
    public init(_ startHandler: @escaping (_ observer: Signal<Value, Error>.Observer, _ lifetime: Lifetime) -> Void) {
        prepareRun = { sink in Run(startHandler, attaching: sink) }
    }

    /// Creates a producer from the way it prepares each run; an observer given to
    /// `start` is attached to the run's signal.
    init(prepareRun: @escaping () -> Run) {
        self.prepareRun = { sink in
            let run = prepareRun()
            if let sink { _ = run.signal.core.attach(sink) }
            return run
        }
    }

    /// Creates a producer from the way it prepares each run for an observer, if
    /// one is given (see `prepareRun`).
    @inlinable
    init(preparingRunFor prepareRun: @escaping (_ sink: Signal<Value, Error>.Sink?) -> Run) {
        self.prepareRun = prepareRun
    }

    /// Creates a producer that observes `signal` on every start: each run forwards
    /// what the signal sends from then on, and is interrupted at once if the signal
    /// has already terminated.
    public init(_ signal: Signal<Value, Error>) {
        self.init { observer, lifetime in
            lifetime += signal.observe(observer)
        }
    }

    /// Creates a producer that sends `value`, then completes.
    @inlinable
    public init(value: Value) {
        self.init(emitting: { send in _ = send(.value(value), true) })
    }

    /// Creates a producer that sends `values` in order, then completes.
    @inlinable
    public init(values: Value...) {
        self.init(values)
    }

    /// Creates a producer that sends the elements of `sequence` in order, then
    /// completes. The sequence is iterated anew on every start; iteration stops
    /// early when the run is disposed.
    @inlinable
    public init<S: Sequence>(_ sequence: S) where S.Element == Value {
        self.init(emitting: { send in
            var iterator = sequence.makeIterator()
            while let value = iterator.next() {
                guard send(.value(value), false) else { return }
            }
            _ = send(.completed, false)
        })
    }

    /// Creates a producer that fails with `error` at once.
    @inlinable
    public init(error: Error) {
        self.init(emitting: { send in _ = send(.failed(error), false) })
    }

    /// Creates a producer that sends the success value then completes, or fails
    /// with the failure.
    @inlinable
    public init(result: Result<Value, Error>) {
        self.init(emitting: { send in
            switch result {
            case let .success(value):
                _ = send(.value(value), true)
            case let .failure(error):
                _ = send(.failed(error), false)
            }
        })
    }

    /// Creates a producer that calls `body` on every start and sends what it
    /// returns then completes, or fails with the error it throws.
    ///
    /// With a non-throwing closure this is a lazily computed value; with a typed
    /// throwing closure, a fallible one:
    ///
    /// ```swift
    /// let now = SignalProducer<Date, Never> { Date() }
    /// let cached = SignalProducer<Data, LoadError> { () throws(LoadError) in try cache.read() }
    /// ```
    ///
    /// Disfavoured, like the `async` form, so that a closure returning a `Result`
    /// picks ``init(_:)-(()->Result<Value,Error>)`` (a producer of the success
    /// value, as in ReactiveSwift) rather than a producer of `Result`s; between
    /// the two disfavoured forms, a closure that does not `await` picks this one.
    @_disfavoredOverload
    @inlinable
    public init(_ body: @escaping () throws(Error) -> Value) {
        self.init(emitting: { send in
            do throws(Error) {
                let value = try body()
                _ = send(.value(value), true)
            } catch {
                _ = send(.failed(error), false)
            }
        })
    }

    /// Creates a producer that calls `action` on every start and sends the success
    /// value then completes, or fails with the failure: a lazily computed result,
    /// ReactiveSwift's spelling of the typed-throwing form above.
    ///
    /// ```swift
    /// let settings = SignalProducer { Settings.load() }   // load() -> Result<Settings, LoadError>
    /// ```
    @inlinable
    public init(_ action: @escaping () -> Result<Value, Error>) {
        self.init(emitting: { send in
            switch action() {
            case let .success(value):
                _ = send(.value(value), true)
            case let .failure(error):
                _ = send(.failed(error), false)
            }
        })
    }

    /// The producer of `base`: a producer is itself, a signal's producer observes
    /// the signal on every start, a property's sends its current value then every
    /// change.
    ///
    /// ```swift
    /// let titles = SignalProducer(viewModel.title)   // a Property<String>
    /// ```
    @inlinable
    public init<Base: SignalProducerConvertible>(_ base: Base) where Base.Value == Value, Base.Error == Error {
        self = base.producer
    }

    /// A producer that completes at once without a value.
    public static var empty: SignalProducer {
        SignalProducer(emitting: { send in _ = send(.completed, false) })
    }

    /// A producer that never sends an event; each run lasts until it is disposed.
    public static var never: SignalProducer {
        SignalProducer { observer, lifetime in
            lifetime.observeEnded { withExtendedLifetime(observer) {} }
        }
    }
}

// Immutable: the one stored property is the start handler, which runs on the
// thread that starts the producer, as observers run on the thread that sends. The
// values cross threads, hence the condition.
extension SignalProducer: @unchecked Sendable where Value: Sendable {}

// MARK: - Starting

extension SignalProducer {
    /// One prepared run: its signal exists and can be observed before `start` runs
    /// the work (unless the run was prepared for one observer, see `prepareRun`).
    @usableFromInline
    struct Run {
        /// What the run sends; `nil` for a run prepared for one observer (by a fused
        /// operator, or a start handler's run given its observer), which has no
        /// signal of its own.
        @usableFromInline let preparedSignal: Signal<Value, Error>?
        /// Interrupts the run at its source; disposed once the run has ended.
        @usableFromInline let handle: any Disposable
        /// The lifetime that `start` hands to the start handler, which identifies the
        /// run; `nil` for a run that is not a start handler's (a lifted one).
        @usableFromInline let lifetime: Lifetime?
        /// Starts the work; called once, after `signal` has been observed.
        @usableFromInline let start: () -> Void
        /// The run of an emitting producer prepared for one observer, which has
        /// neither a signal nor a lifetime; `nil` for any other run.
        @usableFromInline let immediateRun: (any RunEndNotifying)?

        /// What the run sends. Every run prepared without an observer has a signal.
        @inlinable
        var signal: Signal<Value, Error> {
            guard let preparedSignal else {
                preconditionFailure("a run prepared for one observer has no signal to observe")
            }
            return preparedSignal
        }

        @inlinable
        init(
            signal: Signal<Value, Error>?,
            handle: any Disposable,
            lifetime: Lifetime? = nil,
            immediateRun: (any RunEndNotifying)? = nil,
            start: @escaping () -> Void
        ) {
            preparedSignal = signal
            self.handle = handle
            self.lifetime = lifetime
            self.immediateRun = immediateRun
            self.start = start
        }

        /// Calls `action` once the run has ended and released its resources, or at
        /// once if it already has.
        @inlinable
        func afterEnding(_ action: @escaping () -> Void) {
            if let preparedSignal {
                preparedSignal.afterReleasingResources(action)
            } else if let lifetime {
                lifetime.observeEnded(action)
            } else if let immediateRun {
                immediateRun.afterEnding(action)
            } else {
                preconditionFailure("a run has a signal, a lifetime, or is immediate")
            }
        }

        /// A run of a start handler: a new signal whose input and lifetime the
        /// handler receives when the run starts.
        ///
        /// With `sink`, the run is prepared for that one observer: `sink` is attached
        /// to a bare signal core, with no ``Signal`` object around it, since nobody
        /// else can observe the run (the core behaves as a signal whose shell is
        /// already gone).
        @inlinable
        init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void, attaching sink: Signal<Value, Error>.Sink?) {
            let core: Signal<Value, Error>.Core
            if let sink {
                core = Signal<Value, Error>.Core(fedBy: .anyThread)
                core.hasShell = false
                _ = core.attach(sink)
                preparedSignal = nil
            } else {
                let signal = Signal<Value, Error>(fedBy: .anyThread)
                core = signal.core
                preparedSignal = signal
            }
            let lifetime = core.lifetime
            // The handle keeps what the start needs, so that `start` captures one
            // object and costs no allocation of its own.
            let handle = RunHandle(input: core.makeInput(), lifetime: lifetime, startHandler: startHandler)
            self.handle = handle
            self.lifetime = lifetime
            immediateRun = nil
            start = { [handle] in handle.start() }
        }
    }

    /// Prepares a run without starting it, so that callers can attach observers
    /// first (and start several runs in the order they choose).
    @inlinable
    func makeRun() -> Run {
        prepareRun(nil)
    }

    /// Creates a run, lets `setup` observe its signal, then starts it.
    ///
    /// - Parameter setup: receives the run's signal and the disposable that
    ///   interrupts the run; it runs before the start handler, so that no event is
    ///   missed.
    /// - Returns: what `setup` returns.
    @inlinable
    public func startWithSignal<Result>(
        _ setup: (_ signal: Signal<Value, Error>, _ interrupter: any Disposable) -> Result
    ) -> Result {
        let run = makeRun()
        let result = setup(run.signal, run.handle)
        run.start()
        return result
    }

    /// Starts a run delivering to `observer`.
    ///
    /// - Returns: a disposable that interrupts this run and ends its lifetime; its
    ///   `isDisposed` becomes `true` once the run has terminated, whatever the cause.
    @inlinable
    @discardableResult
    public func start(_ observer: Signal<Value, Error>.Observer = .init()) -> any Disposable {
        start(attaching: Signal.Sink(observer))
    }

    /// Starts a run calling `action` with every event.
    @inlinable
    @discardableResult
    public func start(_ action: @escaping (Signal<Value, Error>.Event) -> Void) -> any Disposable {
        start(attaching: .events(action))
    }

    /// Starts a run calling `action` with every value as `.success` and a failure as
    /// `.failure`.
    @inlinable
    @discardableResult
    public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void) -> any Disposable {
        start(Signal.Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Starts a run calling `action` when it completes.
    @inlinable
    @discardableResult
    public func startWithCompleted(_ action: @escaping () -> Void) -> any Disposable {
        start(Signal.Observer(completed: action))
    }

    /// Starts a run calling `action` when it fails.
    @inlinable
    @discardableResult
    public func startWithFailed(_ action: @escaping (Error) -> Void) -> any Disposable {
        start(Signal.Observer(failed: action))
    }

    /// Starts a run calling `action` when it is interrupted.
    @inlinable
    @discardableResult
    public func startWithInterrupted(_ action: @escaping () -> Void) -> any Disposable {
        start(Signal.Observer(interrupted: action))
    }

    /// Starts a run delivering to `sink`, attached before the work starts.
    @inlinable
    func start(attaching sink: Signal<Value, Error>.Sink) -> any Disposable {
        let run = prepareRun(sink)
        run.start()
        return run.handle
    }
}

extension SignalProducer where Error == Never {
    /// Starts a run calling `action` with every value.
    ///
    /// Only for producers that cannot fail; for one that can, handle failures too
    /// (`start(_:)`, ``startWithResult(_:)``).
    @inlinable
    @discardableResult
    public func startWithValues(_ action: @escaping (Value) -> Void) -> any Disposable {
        start(attaching: .values(action))
    }
}

/// What `start` returns: disposing it interrupts the run; it counts as disposed
/// once the run has ended for any reason.
@usableFromInline
final class RunHandle<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {  // `startHandler` is touched only by `start()`, once, on the starting thread; the rest is immutable, and `input` serialises through its signal's locks
    @usableFromInline let input: Signal<Value, Error>.Observer
    @usableFromInline let lifetime: Lifetime
    /// Released once the run has started, so that a kept handle does not keep the
    /// handler's captures alive. (`@exclusivity(unchecked)`: only `start()` touches
    /// it, once, on the starting thread.)
    @exclusivity(unchecked) @usableFromInline var startHandler: ((Signal<Value, Error>.Observer, Lifetime) -> Void)?

    @inlinable
    init(
        input: Signal<Value, Error>.Observer,
        lifetime: Lifetime,
        startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void
    ) {
        self.input = input
        self.lifetime = lifetime
        self.startHandler = startHandler
    }

    @usableFromInline
    var isDisposed: Bool { lifetime.hasEnded }

    @usableFromInline
    func dispose() { input.sendInterrupted() }

    /// Runs the start handler, unless the run was disposed before it started.
    @inlinable
    func start() {
        guard let startHandler else { return }
        self.startHandler = nil
        guard !lifetime.hasEnded else { return }
        startHandler(input, lifetime)
    }
}

// MARK: - Lifting

extension SignalProducer {
    /// Applies a signal operator to every run: the producer's way of reusing what is
    /// written once for ``Signal``.
    ///
    /// ```swift
    /// let titles = users.lift { $0.map(\.name) }
    /// ```
    ///
    /// Disposing a run of the result interrupts the run of this producer, and the
    /// interruption flows down through `transform` (through its scheduler, for an
    /// asynchronous operator). If this producer's run had already ended, the result,
    /// which outlived it (a flattened stream, a delay), is interrupted at once.
    @inlinable
    public func lift<U, F>(_ transform: @escaping (Signal<Value, Error>) -> Signal<U, F>) -> SignalProducer<U, F> {
        SignalProducer<U, F>(preparingRunFor: { sink in
            let run = makeRun()
            let lifted = SignalProducer<U, F>.Run(forwarding: transform(run.signal), of: [run.handle], starting: run.start)
            if let sink { _ = lifted.signal.core.attach(sink) }
            return lifted
        })
    }

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
    /// (it was disposed from inside its own delivery).
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

/// A lifted run whose end may be on its way down through an asynchronous operator.
@usableFromInline
protocol EndingRun: AnyObject {
    /// Disposal has ended every source, and the run's own end is on its way.
    var isEnding: Bool { get }
}

/// The handle of a lifted run; see `SignalProducer.Run.init(forwarding:of:starting:)`.
@usableFromInline
final class LiftedRunHandle<Value, Error: Swift.Error>: Disposable, EndingRun, @unchecked Sendable {  // immutable but for the atomic `ending`; `input` serialises through its signal's locks
    private let sources: [any Disposable]
    /// The input and lifetime of the run's own signal.
    private let input: Signal<Value, Error>.Observer
    private let lifetime: Lifetime
    /// Disposal has ended every source, and the run's own end is on its way down
    /// through the operator (on its scheduler, for an asynchronous one).
    private let ending = Atomic(false)

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
        // A source disposed from inside its own delivery ends only once that
        // delivery is over: end this run now rather than wait for it. A source
        // whose end is on its way (through an asynchronous operator) is waited for.
        if running.contains(where: { !$0.isDisposed && !(($0 as? any EndingRun)?.isEnding ?? false) }) {
            input.sendInterrupted()
        } else {
            ending.store(true, ordering: .releasing)
        }
    }
}
