// The driver of `concat` and `prefix` (Operators/Concat.swift, whose comment gives the
// contract and how a chain is run as one flat list): `Concatenation`, one run of a
// concatenation, and `ConcatExpansion`, the request that flattens a chain.

/// How a concatenation driver learns that a producer it is about to run is itself a
/// concatenation (see the comment at the top of Operators/Concat.swift).
enum ConcatExpansion {
    /// The request of the driver that is starting a producer on this thread.
    @TaskLocal static var request: (any Sendable)?

    /// "If you are a concatenation, name your parts instead of running": answered
    /// only by the start handler that receives `lifetime`, which belongs to the run
    /// the driver is starting, never by a producer that this run starts in turn.
    final class Request<Value, Error: Swift.Error>: Sendable {
        let lifetime: Lifetime
        let parts = Locked<(first: SignalProducer<Value, Error>, second: SignalProducer<Value, Error>)?>(nil)

        init(lifetime: Lifetime) {
            self.lifetime = lifetime
        }
    }
}

/// One run of a concatenation: runs its producers one after the other, forwarding
/// their values and failure to `observer`.
///
/// Invariants:
/// - `pending` holds the producers still to run, the next one last; a producer that
///   turns out to be a concatenation is replaced by its two parts.
/// - One producer runs at a time, held by `current`, which the run's lifetime
///   disposes. A producer's end is handled by `drive()`'s loop when it happens during
///   that producer's start (`isStarting`), else by the thread that ends it, which
///   then drives the rest itself.
final class Concatenation<Value, Error: Swift.Error> {
    private struct State {
        var pending: [SignalProducer<Value, Error>]
        var isStarting = false
        var endedWhileStarting = false
    }

    private let observer: Signal<Value, Error>.Observer
    private let lifetime: Lifetime
    private let current = SerialDisposable()
    private let state: Locked<State>

    init(observer: Signal<Value, Error>.Observer, lifetime: Lifetime, producers: [SignalProducer<Value, Error>]) {
        self.observer = observer
        self.lifetime = lifetime
        state = Locked(State(pending: producers.reversed()))
        lifetime += current
    }

    /// Runs pending producers until one outlives its start, or completes the run
    /// when none is left.
    func drive() {
        while let producer = state.withLock({ $0.pending.popLast() }) {
            guard !lifetime.hasEnded else { return }
            let run = producer.makeRun()
            // Only a start handler's run can be a concatenation asked to expand.
            let request = run.lifetime.map { ConcatExpansion.Request<Value, Error>(lifetime: $0) }
            state.withLock { $0.isStarting = true }
            current.inner = CompositeDisposable([run.signal.observe { event in self.forward(event) }, run.handle])
            if let request {
                ConcatExpansion.$request.withValue(request) { run.start() }
            } else {
                run.start()
            }
            if let parts = request?.parts.withLock({ $0 }) {
                current.inner = nil
                state.withLock { state in
                    state.isStarting = false
                    state.pending.append(parts.second)
                    state.pending.append(parts.first)
                }
                continue
            }
            let hasEnded = state.withLock { state in
                defer { state.isStarting = false; state.endedWhileStarting = false }
                return state.endedWhileStarting
            }
            guard hasEnded else { return }
        }
        observer.sendCompleted()
    }

    private func forward(_ event: Signal<Value, Error>.Event) {
        switch event {
        case .value, .failed:
            observer.send(event)
        case .completed, .interrupted:
            let drivesNow = state.withLock { state in
                if state.isStarting { state.endedWhileStarting = true }
                return !state.isStarting
            }
            if drivesNow { drive() }
        }
    }
}
