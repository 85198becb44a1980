// Repeat: run a producer several times, one run after the other.
//
//     repeat(2)      -a-b-|   →   -a-b-a-b-|
//
// Each run starts when the previous one completes; a failure or an interruption
// ends the stream at once. Producer-only: a signal cannot be started again.

extension SignalProducer {
    /// Starts the producer `count` times in sequence, forwarding every value, and
    /// completes when the last run completes. Producer-only: a signal cannot be
    /// started again.
    ///
    /// `repeat(0)` completes at once without starting the producer. A failure or an
    /// interruption stops the repetition and is forwarded. Runs that complete
    /// synchronously are restarted in a loop, so repeating a synchronous producer
    /// many times does not grow the stack.
    ///
    /// - Precondition: `count >= 0`.
    public func `repeat`(_ count: Int) -> SignalProducer<Value, Error> {
        precondition(count >= 0, "repeat(_:) needs a count of 0 or more, not \(count)")
        guard count > 0 else { return .empty }
        return restarted(times: count - 1, after: \.isCompleted)
    }

    /// Runs the producer, and runs it again after a terminal event for which
    /// `restarts` returns `true`, at most `times` times. Every other event, and the
    /// terminal event of the last run, is forwarded. Disposing the returned run
    /// disposes the current one.
    func restarted(
        times: Int,
        after restarts: @escaping (Signal<Value, Error>.Event) -> Bool
    ) -> SignalProducer<Value, Error> {
        SignalProducer { observer, lifetime in
            let current = SerialDisposable()
            lifetime += current
            Restarter(self, times: times, restarts: restarts, observer: observer, current: current).startRuns()
        }
    }
}

/// The runs of `SignalProducer.restarted(times:after:)`.
///
/// Invariants:
/// - Runs never overlap: a run starts after the terminal event of the previous one.
/// - `state` is touched under its lock only, and no event is sent under it.
/// - A run that ends while its start handler is still running (a synchronous run)
///   is restarted by the loop in `startRuns` once that handler has returned, not
///   from inside its terminal event, so the stack does not grow with the number of
///   runs. A run that ends later restarts from its terminal event.
private final class Restarter<Value, Error: Swift.Error> {
    private struct State {
        var restartsLeft: Int
        /// A run's start handler is running on the thread in `startRuns`.
        var isStarting = false
        /// That run ended and must be restarted once its start handler returns.
        var endedWhileStarting = false
    }

    /// What to do with a terminal event that `restarts` accepts.
    private enum Next {
        case forward, restartAfterStart, restartNow
    }

    private let producer: SignalProducer<Value, Error>
    private let restarts: (Signal<Value, Error>.Event) -> Bool
    private let observer: Signal<Value, Error>.Observer
    private let current: SerialDisposable
    private let state: Locked<State>

    init(
        _ producer: SignalProducer<Value, Error>,
        times: Int,
        restarts: @escaping (Signal<Value, Error>.Event) -> Bool,
        observer: Signal<Value, Error>.Observer,
        current: SerialDisposable
    ) {
        self.producer = producer
        self.restarts = restarts
        self.observer = observer
        self.current = current
        self.state = Locked(State(restartsLeft: times))
    }

    /// Starts a run, and starts again for as long as runs end while starting.
    func startRuns() {
        var again = true
        while again, !current.isDisposed {
            let run = producer.makeRun()
            current.inner = run.handle
            run.signal.observe { [self] event in receive(event) }
            state.withLock { $0.isStarting = true }
            run.start()
            again = state.withLock { state in
                defer {
                    state.isStarting = false
                    state.endedWhileStarting = false
                }
                return state.endedWhileStarting
            }
        }
    }

    private func receive(_ event: Signal<Value, Error>.Event) {
        guard event.isTerminating, restarts(event) else {
            observer.send(event)
            return
        }
        let next = state.withLock { state -> Next in
            guard state.restartsLeft > 0 else { return .forward }
            state.restartsLeft -= 1
            guard !state.isStarting else {
                state.endedWhileStarting = true
                return .restartAfterStart
            }
            return .restartNow
        }
        switch next {
        case .forward: observer.send(event)
        case .restartAfterStart: break
        case .restartNow: startRuns()
        }
    }
}
