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

    /// Applies a two-signal operator to a run of this producer and a run of the
    /// producer it is then given: `producer.lift(Signal.zip)(other)`. The other
    /// producer's run starts first, as with ``liftRight(_:)``, so that it is
    /// observed before this one sends (a trigger, a sampled stream).
    ///
    /// ```swift
    /// let sums = first.lift { a in { b in Signal.zip(a, b).map { $0 + $1 } } }(second)
    /// ```
    ///
    /// Disposing a run of the result interrupts both runs, and the interruption
    /// flows down through `transform`; the signal `transform` made is released.
    public func lift<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        liftRight(transform)
    }

    /// The binary `lift(_:)` with this producer's run started first, then the other
    /// producer's (the order of `sample(with:)`).
    public func liftLeft<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        { other in lift(with: other) { left, right in transform(left)(right) } }
    }

    /// The binary `lift(_:)` with the other producer's run started first, then this
    /// producer's (the order of `take(until:)` and `withLatest(from:)`): what `lift`
    /// does.
    public func liftRight<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        { other in other.lift(with: self) { right, left in transform(left)(right) } }
    }
}

