// Observe on, start on: choose where events are delivered and where work starts.
//
//     observe(on: scheduler)    -a-b-|   →   -a-b-|   (each event sent on `scheduler`)
//     start(on: scheduler)      the start handler of each run runs on `scheduler`
//
// `observe(on:)` forwards every event, terminal ones included, through
// `scheduler.schedule`, so they arrive in order on the scheduler's thread. An
// interruption (a disposed producer run, say) drops the values still waiting and
// arrives on the scheduler; so does the interruption of a disposed producer run,
// even when its source had already ended. Once the result has terminated or is no
// longer observed, events still waiting on the scheduler are dropped.

extension Signal {
    /// Forwards every event through `scheduler`: observers of the result run where
    /// the scheduler runs work, in the order the events were sent. An interruption
    /// drops the values still waiting on the scheduler.
    ///
    /// ```swift
    /// viewModel.results.observe(on: UIScheduler()).observeValues { tableView.reload($0) }
    /// ```
    public func observe(on scheduler: some Scheduler) -> Signal<Value, Error> {
        Signal { input, lifetime in
            let isInterrupted = Locked(false)
            lifetime += observe { event in
                if case .interrupted = event { isInterrupted.withLock { $0 = true } }
                scheduler.schedule {
                    guard !lifetime.hasEnded else { return }
                    if case .value = event, isInterrupted.withLock({ $0 }) { return }
                    input.send(event)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Forwards every event through `scheduler`: observers of each run run where the
    /// scheduler runs work, in the order the events were sent.
    ///
    /// Disposing a run interrupts its source: the events still waiting on the
    /// scheduler are dropped and `interrupted` arrives on the scheduler, also when
    /// the source had already ended, so an observer on the main scheduler sees
    /// every event there.
    public func observe(on scheduler: some Scheduler) -> SignalProducer<Value, Error> {
        lift(deliveringOn: scheduler) { $0.observe(on: scheduler) }
    }

    /// Runs the start handler of each run on `scheduler` instead of the thread that
    /// calls `start`. A run disposed before the scheduler gets to it never starts.
    public func start(on scheduler: some Scheduler) -> SignalProducer<Value, Error> {
        SignalProducer(prepareRun: {
            let run = makeRun()
            return .init(signal: run.signal, handle: run.handle) { [start = run.start] in
                scheduler.schedule(start)
            }
        })
    }
}
