// Replay: share one run of a producer among every start, and replay its latest
// values and its terminal event to those who start late.
//
//     replayLazily(upTo: 2)     -a-b-c-|   →   first start: -a-b-c-|   start after c: (bc|)
//
// The underlying producer starts once, on the first start of the replaying
// producer. Every start ("subscriber") gets the buffered values at once, then the
// live events, in order, without gaps or duplicates, whichever thread it starts
// on. The underlying run is disposed once the replaying producer value and every
// subscriber are gone. Producer-only: a signal is already shared.

extension SignalProducer {
    /// A producer that shares one run of this producer among all its starts, and
    /// replays the latest `capacity` values and the terminal event to every start.
    /// Producer-only: a ``Signal`` is already shared by its observers.
    ///
    /// - The underlying producer starts once, on the first start of the returned
    ///   producer, and never again. A start on another thread that races the first
    ///   one does not wait for the underlying producer to finish starting (waiting
    ///   could deadlock against a start handler that hops threads); it may return
    ///   first, and still receives every event of the shared run, in order.
    /// - Each start receives the buffered values at once, then the events of the
    ///   shared run as they come; a start after the run has terminated receives the
    ///   buffered values and the terminal event.
    /// - Disposing a start detaches that start only. The shared run is disposed when
    ///   the returned producer (every copy of it, including producers derived from
    ///   it) has been released and every start has ended; while the producer is
    ///   alive, the run goes on even without any start.
    /// - A value pushed out of the buffer is released at once.
    ///
    /// ```swift
    /// let user = api.fetchUser().replayLazily(upTo: 1)
    /// user.startWithResult { render($0) }   // starts the request
    /// user.startWithResult { log($0) }      // shares it, or replays its outcome
    /// ```
    ///
    /// - Precondition: `capacity >= 0`.
    public func replayLazily(upTo capacity: Int) -> SignalProducer<Value, Error> {
        precondition(capacity >= 0, "replayLazily(upTo:) needs a capacity of 0 or more, not \(capacity)")
        let replay = Replay<Value, Error>(capacity: capacity)
        // Ends the shared run when the last copy of the producer and the last
        // start have released it: structs have no `deinit`.
        let token = Lifetime.Token()
        let sharedLifetime = Lifetime(token)
        return SignalProducer { observer, lifetime in
            lifetime.observeEnded { withExtendedLifetime(token) {} }
            guard replay.subscribe(observer, during: lifetime) else { return }
            let run = makeRun()
            sharedLifetime += run.handle
            run.signal.observe { event in replay.receive(event) }
            run.start()
        }
    }
}

/// The shared state of ``SignalProducer/replayLazily(upTo:)``: the buffer, the
/// terminal event of the shared run, and the subscribers.
///
/// Invariants:
/// - Everything in `state`, including each subscriber's `backlog`, is touched
///   under the lock only; no event is sent, and no value released, under it (a
///   value pushed out of the buffer is released after unlocking).
/// - A subscriber whose `backlog` is `nil` is *live*: the shared run's delivery
///   sends it every event. A subscriber with a backlog is *catching up*: its own
///   start sends it the replayed values, then drains the events collected in its
///   backlog meanwhile, and turns live under the lock once the backlog is empty.
///   So each subscriber gets every event once, in order, from one thread at a time.
/// - `catchingUp` counts subscribers with a backlog, so that the shared run's
///   delivery allocates nothing while no subscriber is catching up.
private final class Replay<Value, Error: Swift.Error> {
    typealias Event = Signal<Value, Error>.Event

    /// One start of the replaying producer: its input, and the events it has yet
    /// to catch up with (`nil` once live).
    final class Subscriber: BagKey {
        var bagIndex = -1
        let observer: Signal<Value, Error>.Observer
        var backlog: ContiguousArray<Event>?

        init(_ observer: Signal<Value, Error>.Observer) {
            self.observer = observer
        }
    }

    private struct State {
        var buffer: RingBuffer<Value>
        var terminal: Event?
        var subscribers = KeyedBag<Subscriber, Void>()
        var catchingUp = 0
        var hasStarted = false
    }

    private let state: Locked<State>

    init(capacity: Int) {
        state = Locked(State(buffer: RingBuffer(capacity: capacity)))
    }

    /// Replays the buffer to `observer` and attaches it for the events to come
    /// until `lifetime` ends.
    ///
    /// - Returns: `true` for the first subscriber, which must start the shared run.
    func subscribe(_ observer: Signal<Value, Error>.Observer, during lifetime: Lifetime) -> Bool {
        let subscriber = Subscriber(observer)
        let (replayed, terminal, startsRun) = state.withLock { state in
            let replayed = state.buffer.elements
            if let terminal = state.terminal { return (replayed, Optional(terminal), false) }
            if !replayed.isEmpty {
                subscriber.backlog = []
                state.catchingUp += 1
            }
            state.subscribers.insert((), for: subscriber)
            defer { state.hasStarted = true }
            return (replayed, nil, !state.hasStarted)
        }
        if let terminal {
            replayed.forEach(observer.send(value:))
            observer.send(terminal)
            return false
        }
        lifetime.observeEnded { [self] in
            _ = state.withLock { state in state.subscribers.remove(subscriber) }
        }
        replayed.forEach(observer.send(value:))
        while let backlog = takeBacklog(of: subscriber) {
            backlog.forEach(observer.send)
        }
        return startsRun
    }

    /// The events collected for `subscriber` since the last call, or `nil` once it
    /// has none left, in which case it is now live.
    private func takeBacklog(of subscriber: Subscriber) -> ContiguousArray<Event>? {
        state.withLock { state in
            guard let backlog = subscriber.backlog else { return nil }
            guard !backlog.isEmpty else {
                subscriber.backlog = nil
                state.catchingUp -= 1
                return nil
            }
            subscriber.backlog = []
            return backlog
        }
    }

    /// Records an event of the shared run and sends it to the live subscribers.
    func receive(_ event: Event) {
        // Released after the lock: a value's deinitialiser may start the replay.
        var pushedOut: Value?
        let live = state.withLock { state -> ContiguousArray<KeyedBag<Subscriber, Void>.Slot?> in
            if case let .value(value) = event {
                pushedOut = state.buffer.append(value)
            } else {
                state.terminal = event
            }
            let all = event.isTerminating ? state.subscribers.removeAll() : state.subscribers.slots
            guard state.catchingUp > 0 else { return all }
            var live = ContiguousArray<KeyedBag<Subscriber, Void>.Slot?>()
            for case let slot? in all {
                if slot.key.backlog != nil {
                    slot.key.backlog!.append(event)
                } else {
                    live.append(slot)
                }
            }
            return live
        }
        withExtendedLifetime(pushedOut) {}
        for case let slot? in live {
            slot.key.observer.send(event)
        }
    }
}
