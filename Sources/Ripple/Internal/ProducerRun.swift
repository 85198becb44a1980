import Synchronization

// The run machinery of producers: how a start prepares a run (a signal, or a
// `HandlerRun` for one observer), and the handle `start` returns. See the Architecture
// article (Ripple.docc/Architecture.md), "Producers and runs".

extension SignalProducer {
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
        @usableFromInline let immediateRun: (any AnyImmediateRun)?

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
            immediateRun: (any AnyImmediateRun)? = nil,
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
        /// With `sink`, the run is prepared for that one observer, which nobody else
        /// can observe: it needs no signal, and is a ``HandlerRun`` (one object,
        /// which is also its lifetime), delivering to `sink`.
        @inlinable
        init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void, attaching sink: Signal<Value, Error>.Sink?) {
            let input: Signal<Value, Error>.Observer
            let lifetime: Lifetime
            if let sink {
                let run = HandlerRun<Value, Error>(for: sink)
                input = run.makeInput()
                lifetime = run
                preparedSignal = nil
            } else {
                let signal = Signal<Value, Error>(fedBy: .anyThread)
                input = signal.core.makeInput()
                lifetime = signal.core.lifetime
                preparedSignal = signal
            }
            // The handle keeps what the start needs, so that `start` captures one
            // object and costs no allocation of its own.
            let handle = RunHandle(input: input, lifetime: lifetime, startHandler: startHandler)
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

    /// Starts a run delivering to `sink`, attached before the work starts.
    @inlinable
    func start(attaching sink: Signal<Value, Error>.Sink) -> any Disposable {
        let run = prepareRun(sink)
        run.start()
        return run.handle
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

extension Signal {
    /// Runs `action` once this signal has terminated and released the resources
    /// attached to its lifetime so far, or at once if it already has.
    @inlinable
    func afterReleasingResources(_ action: @escaping () -> Void) {
        core.resources.add(action)
    }
}
