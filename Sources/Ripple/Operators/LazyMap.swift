// Lazy map: transform values on a scheduler, only the latest one.
//
//     lazyMap(on: s) { $0.uppercased() }    -a-b-c-|   →   ---C-|     (a, b and c arrive before s runs)
//     lazyMap(on: s) { $0.uppercased() }    -a---b-|   →   --A--B-|   (s runs between a and b)
//
// Each value asks the scheduler for one run of `transform`; values that arrive
// before it runs replace the waiting value, so an expensive transform never works
// on a value that is already stale. Every event is sent on the scheduler: completion
// after the waiting value's result, if a value is waiting; a failure or an
// interruption on the scheduler's next run, dropping the waiting value. Once the
// result has terminated or is no longer observed, work waiting on the scheduler is
// dropped.

extension Signal {
    /// Transforms values with `transform` on `scheduler`, only the latest one: a
    /// value that arrives before the scheduler has run the transform of the
    /// previous one replaces it. Results are sent on `scheduler`.
    ///
    /// ```swift
    /// documents.lazyMap(on: QueueScheduler(name: "render")) { render($0) }
    ///     .observe(on: UIScheduler())
    ///     .observeValues { preview.image = $0 }
    /// ```
    ///
    /// Every event is sent on `scheduler`. Completion follows the waiting value's
    /// result, if a value is waiting; a failure or an interruption drops the waiting
    /// value. Once the result has terminated or is no longer observed, work waiting
    /// on `scheduler` is dropped.
    public func lazyMap<U>(on scheduler: some Scheduler, transform: @escaping (Value) -> U) -> Signal<U, Error> {
        Signal<U, Error> { input, lifetime in
            let state = Locked(LazyMapState<Value, Error>())
            let scheduled = SerialDisposable()
            lifetime += scheduled

            // One drain at a time: it sends the waiting value's result, then whatever
            // arrived meanwhile, or the terminal event once nothing is waiting.
            func drain() {
                guard !lifetime.hasEnded else { return }
                if let value = state.withLock({ $0.latest.take() }) {
                    input.send(value: transform(value))
                }
                switch state.withLock({ $0.next() }) {
                case .drain: scheduled.inner = scheduler.schedule(drain)
                case let .terminate(event): input.send(event.map(absurd))
                case .idle: break
                }
            }

            lifetime += observe { event in
                // A value the event replaces is released after the lock: its deinit
                // is user code, which may reach this state again.
                let (schedules, replaced) = state.withLock { $0.receive(event) }
                withExtendedLifetime(replaced) {}
                if schedules {
                    scheduled.inner = scheduler.schedule(drain)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Transforms values with `transform` on `scheduler`, only the latest one: a
    /// value that arrives before the scheduler has run the transform of the
    /// previous one replaces it. Results are sent on `scheduler`.
    ///
    /// Every event is sent on `scheduler`. Completion follows the waiting value's
    /// result, if a value is waiting; a failure or an interruption drops the waiting
    /// value. Once the result has terminated or is no longer observed, work waiting
    /// on `scheduler` is dropped.
    public func lazyMap<U>(on scheduler: some Scheduler, transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        lift(deliveringOn: scheduler) { $0.lazyMap(on: scheduler, transform: transform) }
    }
}

/// The state of one `lazyMap` result.
private struct LazyMapState<Value, Error: Swift.Error> {
    /// The value waiting for the scheduler.
    var latest: Value?
    /// The source's terminal event, sent once nothing is waiting.
    var terminal: Signal<Never, Error>.Event?
    /// A drain is scheduled or running.
    var isScheduled = false

    /// What a drain does once it has sent its result.
    enum Next {
        case drain
        case terminate(Signal<Never, Error>.Event)
        case idle
    }

    /// Records an event of the source; returns whether a drain must be scheduled,
    /// and the waiting value the event replaced or dropped, for the caller to
    /// release after the lock.
    mutating func receive(_ event: Signal<Value, Error>.Event) -> (schedules: Bool, replaced: Value?) {
        var replaced: Value?
        switch event {
        case let .value(value):
            replaced = value
            swap(&latest, &replaced)
        case .completed:
            terminal = .completed
        case let .failed(error):
            replaced = latest.take()
            terminal = .failed(error)
        case .interrupted:
            replaced = latest.take()
            terminal = .interrupted
        }
        defer { isScheduled = true }
        return (!isScheduled, replaced)
    }

    /// What the running drain does next.
    mutating func next() -> Next {
        if latest != nil { return .drain }
        isScheduled = false
        return terminal.map(Next.terminate) ?? .idle
    }
}
