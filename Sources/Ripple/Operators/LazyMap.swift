// Lazy map: transform values on a scheduler, only the latest one.
//
//     lazyMap(on: s) { $0.uppercased() }    -a-b-c-|   →   ---C-|     (a, b and c arrive before s runs)
//     lazyMap(on: s) { $0.uppercased() }    -a---b-|   →   --A--B-|   (s runs between a and b)
//
// Each value asks the scheduler for one run of `transform`; values that arrive
// before it runs replace the waiting value, so an expensive transform never works
// on a value that is already stale. Results are sent on the scheduler. Completion
// waits for the waiting value, if any; a failure or an interruption is forwarded
// at once and drops it.

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
    /// Completion is sent after the waiting value's result, if a value is waiting;
    /// a failure or an interruption is forwarded at once, and the waiting value is
    /// dropped.
    public func lazyMap<U>(on scheduler: some Scheduler, transform: @escaping (Value) -> U) -> Signal<U, Error> {
        Signal<U, Error> { input, lifetime in
            let state = Locked(LazyMapState<Value>())
            let scheduled = SerialDisposable()
            lifetime += scheduled

            func drain() {
                guard !lifetime.hasEnded else { return }
                if let value = state.withLock({ $0.latest.take() }) {
                    input.send(value: transform(value))
                }
                let next = state.withLock { state -> LazyMapState<Value>.Next in
                    if state.latest != nil { return .drain }
                    state.isScheduled = false
                    return state.isCompleted ? .complete : .idle
                }
                switch next {
                case .drain: scheduled.inner = scheduler.schedule(drain)
                case .complete: input.sendCompleted()
                case .idle: break
                }
            }

            lifetime += observe { event in
                switch event {
                case let .value(value):
                    let schedules = state.withLock { state -> Bool in
                        state.latest = value
                        defer { state.isScheduled = true }
                        return !state.isScheduled
                    }
                    if schedules { scheduled.inner = scheduler.schedule(drain) }
                case .completed:
                    let completesNow = state.withLock { state -> Bool in
                        state.isCompleted = true
                        return !state.isScheduled
                    }
                    if completesNow { input.sendCompleted() }
                case let .failed(error):
                    input.send(error: error)
                case .interrupted:
                    input.sendInterrupted()
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
    /// Completion is sent after the waiting value's result, if a value is waiting;
    /// a failure or an interruption is forwarded at once, and the waiting value is
    /// dropped.
    public func lazyMap<U>(on scheduler: some Scheduler, transform: @escaping (Value) -> U) -> SignalProducer<U, Error> {
        lift { $0.lazyMap(on: scheduler, transform: transform) }
    }
}

/// The state of one `lazyMap` result.
private struct LazyMapState<Value> {
    /// The value waiting for the scheduler.
    var latest: Value?
    /// A run of the transform is scheduled or running.
    var isScheduled = false
    /// The source has completed; the result completes once nothing is scheduled.
    var isCompleted = false

    /// What a run of the transform does once it has sent its result.
    enum Next {
        case drain, complete, idle
    }
}
