import Synchronization

extension SignalProducer {
    /// Makes every event of a run, in order, during its start: it calls `send` with
    /// each one and stops as soon as `send` returns `false` (the run has ended: the
    /// event was terminal, or the run was disposed). Unless stopped, an emitter ends
    /// with a terminal event.
    ///
    /// `completes` asks for `completed` right after the event (a value): the run
    /// delivers both in one go (one hold of an ``ImmediateRun`` instead of two), so
    /// a producer of one value says so rather than sending `completed` itself.
    @usableFromInline
    typealias Emitter = (_ send: (_ event: Signal<Value, Error>.Event, _ completes: Bool) -> Bool) -> Void

    /// Creates a producer whose runs make all their events while they start, on the
    /// starting thread (a value, a sequence, a result, a lazily computed value).
    ///
    /// Started for one observer (`start`, an inner stream of `flatten`, or through
    /// fused operators such as `map`), a run needs no signal: an ``ImmediateRun``
    /// hands the events to the observer, with the contracts of a signal's run
    /// (serial, non-recursive, one terminal event, interruption by disposal). Prepared without an observer
    /// (`startWithSignal`, `lift`, `combineLatest`…), the run is a start handler's, like
    /// any other, and stops early once its lifetime has ended.
    @inlinable
    init(emitting emit: @escaping Emitter) {
        self.init(preparingRunFor: { sink in
            guard let sink else {
                return Run({ observer, lifetime in
                    emit { event, completes in
                        guard !lifetime.hasEnded else { return false }
                        observer.send(event)
                        // A disposal from inside that delivery has ended the run by
                        // now: stop before the emitter makes another event.
                        guard !event.isTerminating, !lifetime.hasEnded else { return false }
                        guard completes else { return true }
                        observer.sendCompleted()
                        return false
                    }
                }, attaching: nil)
            }
            let run = ImmediateRun(for: sink)
            return Run(signal: nil, handle: run, immediateRun: run, start: { [run] in run.start(emit) })
        })
    }
}

/// Learns when a run with no signal of its own (an ``ImmediateRun``) has ended; see
/// `SignalProducer.Run.afterEnding(_:)`.
@usableFromInline
protocol AnyImmediateRun: AnyObject {
    /// Calls `action` once the run has ended, or at once if it has.
    func afterEnding(_ action: @escaping () -> Void)
}

/// The run of an emitting producer (see `SignalProducer.init(emitting:)`) prepared for
/// one observer: what `start` returns, and what delivers the run's events.
///
/// The run's state is guarded by `holder`, a lock word that also names its holder:
/// the emitting thread holds it while it delivers an event, so that the run keeps
/// the contracts of a signal's run with one compare-and-exchange and one store per
/// event, and no allocation but the run itself (a ``Lock`` would need one of its
/// own, and twice the atomic operations):
/// - Disposal never waits for the emitting thread's delivery, which may itself be
///   waiting for the disposing thread (two threads, each delivering, whose
///   observers dispose each other's run). From another thread, a disposal that
///   finds the run free takes the observer out and delivers `interrupted` itself;
///   one that finds it held sets `interruptionRequested` and returns: the emitting
///   thread, which holds the run for each event until the run has ended, delivers
///   `interrupted` right after the event under way (or in place of its next one,
///   if the request came after it looked), and the emitter stops. Nothing reaches
///   the observer after `interrupted`.
/// - Disposal from inside a delivery, on the delivering thread (the observer's own
///   reaction), sees that it holds the run: it asks for the interruption the same
///   way, which is delivered as soon as the current event has been (never
///   recursively), and the emitter stops.
/// - Disposal before the start interrupts the run at once; the emitter never runs.
/// - The observer is released once it has received its terminal event; then the
///   run counts as disposed, and the actions given to `afterEnding` run.
///
/// A thread that finds the run held yields until it is free. Other than the emitting
/// thread's deliveries, every hold lasts a few instructions, and only the emitting
/// thread itself and `afterEnding` (called once the start has returned, when the
/// run has ended) wait for a hold: nobody waits for a delivery.
@usableFromInline
final class ImmediateRun<Value, Error: Swift.Error>: Disposable, AnyImmediateRun, @unchecked Sendable {  // the `var`s are guarded by `holder`, a lock word; the rest is atomic or immutable
    /// The thread that holds the run, 0 for none (see above). Taken with an
    /// acquiring compare-and-exchange, given back with a releasing store.
    @usableFromInline let holder = Synchronization.Atomic<UInt>(0)
    /// Whether the run has ended: its observer has received its terminal event.
    /// Written while holding the run.
    @usableFromInline let ended = Synchronization.Atomic<Bool>(false)
    /// The observer; `nil` once it has been given its terminal event, or is being
    /// given `interrupted` by a disposal.
    @exclusivity(unchecked) @usableFromInline var sink: Signal<Value, Error>.Sink?
    /// The run was disposed while the emitting thread held it: by the observer,
    /// while receiving an event, or from another thread. Read by the emitting thread
    /// while it holds the run, after each event and before the next one.
    @usableFromInline let interruptionRequested = Synchronization.Atomic<Bool>(false)
    /// What runs once the run has ended (see `afterEnding(_:)`).
    @exclusivity(unchecked) @usableFromInline var endAction: (() -> Void)?
    /// Counts the observer while the run has not ended (see `SubscriptionCounter`).
    @usableFromInline let counter: AnyObject?

    @inlinable
    init(for sink: Signal<Value, Error>.Sink) {
        self.sink = sink
        counter = SubscriptionCounting.attachObserver { SignalProducer<Value, Error>.self }
    }

    deinit {
        if !ended.load(ordering: .relaxed) { SubscriptionCounting.detach(from: counter) }
    }

    @usableFromInline
    var isDisposed: Bool { ended.load(ordering: .acquiring) }

    /// Takes the run for `thread`, waiting while another thread holds it.
    @inlinable
    func hold(for thread: UInt) {
        if !holder.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
            waitToHold(for: thread)
        }
    }

    /// The slow path of `hold(for:)`: another thread holds the run.
    @usableFromInline
    func waitToHold(for thread: UInt) {
        repeat {
            yieldThread()
        } while !holder.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged
    }

    /// Gives the run back.
    @inlinable
    func release() {
        holder.store(0, ordering: .releasing)
    }

    /// Whether `thread` holds the run: it is delivering one of its events.
    @inlinable
    func isHeld(by thread: UInt) -> Bool {
        holder.load(ordering: .relaxed) == thread
    }

    /// Runs `emit`, unless the run was disposed before it started.
    ///
    /// The emitter is handed over here rather than kept by the run, so that the
    /// optimiser still knows which closure it is and can inline it into the start.
    @inlinable
    func start(_ emit: SignalProducer<Value, Error>.Emitter) {
        // Disposed before the start: the emitter need not run. (A disposal racing
        // with the start is seen by the first `send`, which stops the emitter.)
        guard !ended.load(ordering: .acquiring) else { return }
        let thread = currentThreadID()
        emit { event, completes in send(event, completing: completes, from: thread) }
        assert(ended.load(ordering: .relaxed) || sink == nil, "an emitter returned without a terminal event")
    }

    /// Delivers `event`, and `completed` after it if `completes`, unless the run
    /// has ended; `false` once it has.
    @inlinable
    func send(_ event: Signal<Value, Error>.Event, completing completes: Bool, from thread: UInt) -> Bool {
        hold(for: thread)
        // Disposed from another thread after the last event's check: `interrupted`
        // goes in the event's place.
        if _slowPath(interruptionRequested.load(ordering: .relaxed)) { return interruptInsteadOfSending() }
        guard let sink else {
            release()
            return false
        }
        sink.receive(event)
        var ends = event.isTerminating
        if !ends, interruptionRequested.load(ordering: .relaxed) {
            sink.receive(.interrupted)
            ends = true
        } else if !ends, completes {
            sink.receive(.completed)
            ends = true
        }
        guard ends else {
            release()
            return true
        }
        let released = self.sink.take()
        let endAction = markEnded()
        release()
        // Released outside the hold: its captures' deinitialisers may run anything.
        withExtendedLifetime(released) {}
        didEnd(endAction)
        return false
    }

    /// Delivers `interrupted` in place of the event the emitter sent, and ends the
    /// run; while holding it, which it gives back. `false`: the emitter stops. Out
    /// of line, so that a send's path stays as short as it was without requests from
    /// other threads.
    @usableFromInline
    func interruptInsteadOfSending() -> Bool {
        guard let sink else {
            release()
            return false
        }
        sink.receive(.interrupted)
        let released = self.sink.take()
        let endAction = markEnded()
        release()
        // Released outside the hold: its captures' deinitialisers may run anything.
        withExtendedLifetime(released) {}
        didEnd(endAction)
        return false
    }

    @usableFromInline
    func dispose() {
        let thread = currentThreadID()
        // Held on this thread: the observer's reaction to the event being
        // delivered; held by another: the emitting thread delivering, or a hold of
        // a few instructions. Either way, whoever holds the run or takes it next
        // for an event delivers the interruption.
        if isHeld(by: thread) || !holder.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
            interruptionRequested.store(true, ordering: .releasing)
            return
        }
        let sink = self.sink.take()
        release()
        guard let sink else { return }
        // Nothing else can reach the observer any more: it was taken out.
        sink.receive(.interrupted)
        hold(for: thread)
        let endAction = markEnded()
        release()
        didEnd(endAction)
    }

    @usableFromInline
    func afterEnding(_ action: @escaping () -> Void) {
        let thread = currentThreadID()
        // From inside a delivery, on the delivering thread, the run is held already.
        let isDelivering = isHeld(by: thread)
        if !isDelivering { hold(for: thread) }
        let hasEnded = ended.load(ordering: .relaxed)
        if !hasEnded {
            endAction = endAction.map { previous in { previous(); action() } } ?? action
        }
        if !isDelivering { release() }
        if hasEnded { action() }
    }

    /// Marks the run ended and takes out its end action; while holding the run.
    @inlinable
    func markEnded() -> (() -> Void)? {
        ended.store(true, ordering: .releasing)
        return endAction.take()
    }

    /// Stops counting the observer and runs the end action; after `markEnded()`,
    /// without holding the run.
    @inlinable
    func didEnd(_ endAction: (() -> Void)?) {
        SubscriptionCounting.detach(from: counter)
        endAction?()
    }
}
