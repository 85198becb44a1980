import Synchronization

// The engine of `flatten` and `flatMap` (Operators/Flatten.swift, whose comment gives
// the contract): `flattening`, the one implementation behind every form, and
// `Flattener`, which runs the inner streams as the strategy says.

extension Signal {
    /// The one implementation behind `flatten` and `flatMap`: `outerError` and
    /// `innerError` give the failures of both levels the result's error type.
    @inlinable
    func flattening<Inner: SignalProducerConvertible, F>(
        _ strategy: FlattenStrategy,
        outerError: @escaping (Error) -> F,
        innerError: @escaping (Inner.Error) -> F,
        _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, F> {
        let result = Signal<Inner.Value, F>(fedBy: .anyThread)
        let core = result.core
        do {
            let input = core.makeInput()
            let lifetime = core.lifetime
            // What reaches the result of an event that the strategy admits. A
            // completion (or an interruption that counts as one) is handled by the
            // flattener once the inner run has also released its resources.
            let forwardsInterruption = strategy == .race || strategy == .throttle
            let forward = { (event: Signal<Inner.Value, Inner.Error>.Event) in
                switch event {
                case let .value(value): input.send(value: value)
                case let .failed(error): input.send(error: innerError(error))
                case .interrupted: if forwardsInterruption { input.sendInterrupted() }
                case .completed: break
                }
            }
            let flattener = Flattener<Inner.Value, Inner.Error, F>(strategy, input: input) { flattener, id in
                if strategy == .latest {
                    // Whether a value is the newest stream's is decided holding the
                    // result's send lock: a value of a replaced stream already under
                    // way on another thread (its disposal does not wait for it) then
                    // cannot follow a value of its successor.
                    return { event in
                        guard case let .value(value) = event else {
                            if flattener.admits(eventOf: id) { forward(event) }
                            return
                        }
                        core.send(value: .value(value), ifLatest: flattener.latestID, is: id)
                    }
                }
                guard strategy == .race else {
                    return { event in
                        if flattener.admits(eventOf: id) { forward(event) }
                    }
                }
                // The first inner stream to send anything wins; it remembers that.
                var hasWon = false
                return { event in
                    if !hasWon { hasWon = flattener.claimVictory(for: id) }
                    if hasWon { forward(event) }
                }
            }
            lifetime.observeEnded(flattener.stop)
            lifetime += observe { event in
                switch event {
                case let .value(value): flattener.receive(transform(value).producer)
                case let .failed(error): input.send(error: outerError(error))
                case .completed: flattener.completeOuter()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
        return result
    }
}

/// Runs the inner streams of one flattened signal as its strategy says, and forwards
/// their events to the result's `input`.
///
/// Invariants:
/// - All bookkeeping is in `state`, behind its lock. Nothing is sent, started or
///   disposed while the lock is held, and whatever a locked section takes out of the
///   state (run handles, waiting producers) is released after the lock.
/// - An inner stream is *admitted* (counted in `activeCount`, given an id) before it
///   starts, and its run handle is in `runs` before its first event; it leaves both
///   once, when it ends, is replaced (`.latest`), or loses (`.race`).
/// - An inner stream counts as active until its run has released its resources:
///   its cleanup finishes before the next inner stream takes its slot, and before the
///   result completes.
/// - One thread at a time runs the drain loop that starts waiting inner streams
///   (`isDraining`). An inner stream that completes during its own start only frees
///   its slot; the loop then starts the next one, so the stack does not grow with the
///   number of inner streams.
/// - `.latest` disposes the previous run before starting the next. Disposing does
///   not wait for a delivery of that run under way on another thread (which may be
///   waiting for this one); instead, each value's `latest` check is made holding
///   the result's send lock, so none of the previous run's values can follow the new
///   stream's, whichever thread delivers them, and a value still queued on this
///   thread is dropped by the same check.
/// - Once the result has ended (`hasEnded`), nothing more is admitted or started.
///
/// Inlinable throughout, like its state: each inner stream costs a start and some
/// bookkeeping, and run unspecialised that bookkeeping would look up the generic
/// metadata of its types (the state, the runs, the signals) several times per inner
/// stream.
@usableFromInline
final class Flattener<U, E: Swift.Error, F: Swift.Error> {
    @usableFromInline typealias Inner = SignalProducer<U, E>

    @usableFromInline enum Mode {
        case concurrent(limit: Int)
        case latest
        case race
        case throttle
    }

    @usableFromInline let mode: Mode
    @usableFromInline let input: Signal<U, F>.Observer
    /// Makes the observer of the inner stream `id`, which its run calls serially.
    /// Made by `flattening`, where the types are the client's: each event of an inner
    /// stream is handled by specialised code (see `admits(eventOf:)` and `claimVictory(for:)`).
    @usableFromInline let makeObserver: (Flattener, _ id: UInt64) -> (Signal<U, E>.Event) -> Void
    @usableFromInline let state = Locked(State())
    /// `.latest`: a copy of `state.latest` (0 for none; ids start at 1), written
    /// under the state's lock and read without it by every event of an inner stream.
    @usableFromInline let latestID = Synchronization.Atomic<UInt64>(0)

    @inlinable
    init(
        _ strategy: FlattenStrategy,
        input: Signal<U, F>.Observer,
        makeObserver: @escaping (Flattener, _ id: UInt64) -> (Signal<U, E>.Event) -> Void
    ) {
        switch strategy {
        case .merge: mode = .concurrent(limit: .max)
        case .concat: mode = .concurrent(limit: 1)
        case let .concurrent(limit):
            precondition(limit > 0, "FlattenStrategy.concurrent(limit:) needs a limit greater than zero")
            mode = .concurrent(limit: Int(clamping: limit))
        case .latest: mode = .latest
        case .race: mode = .race
        case .throttle: mode = .throttle
        }
        self.input = input
        self.makeObserver = makeObserver
    }

    /// The outer stream sent `inner`.
    @inlinable
    func receive(_ inner: Inner) {
        switch mode {
        case let .concurrent(limit):
            let drains = state.withLock { state in
                guard !state.hasEnded else { return false }
                state.waiting.append(inner)
                return state.claimDrain()
            }
            if drains { drain(limit: limit) }
        case .latest:
            let admitted = state.withLock { state -> (id: UInt64, previous: (any Disposable)?)? in
                guard !state.hasEnded else { return nil }
                let previous = state.latest.flatMap { state.retire($0) }
                let id = state.admit()
                state.latest = id
                latestID.store(id, ordering: .releasing)
                return (id, previous)
            }
            guard let admitted else { return }
            admitted.previous?.dispose()
            start(inner, id: admitted.id)
        case .race:
            let id = state.withLock { state in
                state.hasEnded || state.winner != nil ? nil : state.admit()
            }
            if let id { start(inner, id: id) }
        case .throttle:
            let id = state.withLock { state in
                state.hasEnded || state.activeCount > 0 ? nil : state.admit()
            }
            if let id { start(inner, id: id) }
        }
    }

    /// The outer stream completed.
    @inlinable
    func completeOuter() {
        let completes = state.withLock { state in
            state.isOuterCompleted = true
            return state.isComplete
        }
        if completes { input.sendCompleted() }
    }

    /// The result has ended: nothing more starts, and every inner run is disposed.
    @inlinable
    func stop() {
        // The waiting producers are taken out only to be released after the lock.
        let (runs, _) = state.withLock { state in
            state.hasEnded = true
            defer {
                state.runs = [:]
                state.waiting = WaitingQueue()
            }
            return (state.runs.sorted { $0.key < $1.key }, state.waiting)
        }
        for run in runs { run.value.dispose() }
    }

    /// Starts waiting inner streams while there are free slots.
    @inlinable
    func drain(limit: Int) {
        while let next = state.withLock({ $0.nextToStart(limit: limit) }) {
            start(next.inner, id: next.id)
        }
    }

    /// Starts an admitted inner stream, unless the result has ended or (`.race`) a
    /// winner was chosen meanwhile.
    ///
    /// The run is prepared for its one observer (a fused chain, or a run of values
    /// with no signal at all, costs no more than that), and registered before it
    /// starts. A run that is not registered is never started; its observer may still
    /// hear `interrupted` when the run is released, which the strategy's checks keep
    /// from the result (the result has ended, or the run lost the race).
    @inlinable
    func start(_ inner: Inner, id: UInt64) {
        let run = inner.prepareRun(.events(makeObserver(self, id)))
        let registered = state.withLock { state in
            guard !state.hasEnded, state.winner == nil else { return false }
            state.runs[id] = run.handle
            return true
        }
        guard registered else { return }
        run.start()
        run.afterEnding { [self] in end(id) }
    }

    /// Whether an event of the inner stream `id` may reach the result, as the
    /// strategy says: every one, but for `.latest` only the newest stream's (`.race`
    /// decides with `claimVictory(for:)`).
    ///
    /// Called by the observer of each inner stream, serially for one stream.
    @inlinable
    func admits(eventOf id: UInt64) -> Bool {
        switch mode {
        case .latest: latestID.load(ordering: .acquiring) == id
        case .concurrent, .race, .throttle: true
        }
    }

    /// `.race`: makes `id` the winner if there is none yet and disposes the others.
    /// - Returns: whether `id` is the winner.
    @inlinable
    func claimVictory(for id: UInt64) -> Bool {
        let (wins, losers) = state.withLock { state -> (Bool, [any Disposable]) in
            guard !state.hasEnded else { return (false, []) }
            if let winner = state.winner { return (winner == id, []) }
            state.winner = id
            state.activeCount = 1
            let losers = state.runs.filter { $0.key != id }
            state.runs = state.runs.filter { $0.key == id }
            return (true, losers.sorted { $0.key < $1.key }.map(\.value))
        }
        for loser in losers { loser.dispose() }
        return wins
    }

    /// The run of the inner stream `id` has terminated and released its resources.
    /// Unless it was already retired (replaced, lost, or the result has ended), its
    /// slot is free: a waiting inner stream may start, or the result may complete.
    @inlinable
    func end(_ id: UInt64) {
        // The run handle is taken out only to be released after the lock.
        let (_, drains, completes) = state.withLock { state in
            guard let run = state.retire(id) else { return ((any Disposable)?.none, false, false) }
            return (run, !state.waiting.isEmpty && state.claimDrain(), state.isComplete)
        }
        if drains, case let .concurrent(limit) = mode { drain(limit: limit) }
        if completes { input.sendCompleted() }
    }
}

extension Flattener {
    @usableFromInline
    struct State {
        /// The id given to the last admitted inner stream.
        @usableFromInline var lastID: UInt64 = 0
        /// Inner streams admitted and not yet ended: running, or about to start.
        @usableFromInline var activeCount = 0
        /// The handles of the admitted runs, by id.
        @usableFromInline var runs: [UInt64: any Disposable] = [:]
        /// `.concurrent`: inner streams waiting for a free slot, in arrival order.
        @usableFromInline var waiting = WaitingQueue()
        /// Whether a thread is running the drain loop.
        @usableFromInline var isDraining = false
        @usableFromInline var isOuterCompleted = false
        /// Whether the result has ended.
        @usableFromInline var hasEnded = false
        /// `.latest`: the newest inner stream.
        @usableFromInline var latest: UInt64?
        /// `.race`: the inner stream that sent the first event.
        @usableFromInline var winner: UInt64?

        @inlinable
        init() {}

        @inlinable
        var isComplete: Bool {
            !hasEnded && isOuterCompleted && activeCount == 0 && waiting.isEmpty
        }

        @inlinable
        mutating func admit() -> UInt64 {
            activeCount += 1
            lastID += 1
            return lastID
        }

        /// Takes the inner stream `id` out of the active ones.
        /// - Returns: its run handle, or `nil` if it was not active.
        @inlinable
        mutating func retire(_ id: UInt64) -> (any Disposable)? {
            guard let run = runs.removeValue(forKey: id) else { return nil }
            activeCount -= 1
            return run
        }

        /// Makes the caller the thread that runs the drain loop, unless one already is.
        @inlinable
        mutating func claimDrain() -> Bool {
            guard !isDraining else { return false }
            isDraining = true
            return true
        }

        /// Admits and returns the next waiting inner stream if a slot is free; otherwise
        /// releases the drain loop.
        @inlinable
        mutating func nextToStart(limit: Int) -> (id: UInt64, inner: Inner)? {
            guard !hasEnded, activeCount < limit, let inner = waiting.popFirst() else {
                isDraining = false
                return nil
            }
            return (admit(), inner)
        }
    }

    /// A first-in first-out queue with amortised O(1) operations: elements go into
    /// `inbox` and come out of `outbox`, which is refilled with the reversed inbox
    /// when it runs empty.
    @usableFromInline
    struct WaitingQueue {
        @usableFromInline var inbox: [Inner] = []
        @usableFromInline var outbox: [Inner] = []

        @inlinable
        init() {}

        @inlinable
        var isEmpty: Bool { inbox.isEmpty && outbox.isEmpty }

        @inlinable
        mutating func append(_ inner: Inner) {
            inbox.append(inner)
        }

        @inlinable
        mutating func popFirst() -> Inner? {
            if outbox.isEmpty {
                outbox = inbox.reversed()
                inbox.removeAll(keepingCapacity: true)
            }
            return outbox.popLast()
        }
    }
}
