import Synchronization

// A producer's run attached straight to a signal core, as one of its observers:
// how a property's producer started for one observer costs one observer of the
// property's relay, not a signal of its own fed by one. See docs/Architecture.md,
// "Producers and runs".

extension Signal {
    /// The run of a producer that relays a signal core (a property's changes),
    /// started for one observer: that observer is attached to the core itself, so
    /// that each change reaches it as it reaches the core's other observers, with no
    /// signal, send lock or call in between.
    ///
    /// It keeps the contracts of a run: what it delivers apart from the core's own
    /// deliveries (the first value, its interruption, the value and `completed` of a
    /// source that has ended) is delivered under the core's send lock, so it is
    /// serialised with the core's deliveries and never re-entered:
    /// - Started, it receives the first value at once (on the starting thread), then
    ///   every event the core delivers; a change made from inside that first
    ///   delivery is queued by the core and delivered after it.
    /// - Disposed, it is detached and receives `interrupted`: at once from a thread
    ///   that is not delivering (waiting for a delivery under way on another thread),
    ///   or right after the current event when disposed from inside a delivery of the
    ///   core on its delivering thread (queued in the core's `pending`).
    /// - Disposed before it starts, it is interrupted then, and never starts.
    /// - It ends on its terminal event, whichever comes first: its sink is then
    ///   released, and the actions given to `afterEnding` run.
    @usableFromInline
    final class AttachedRun: Subscription, AnyImmediateRun, @unchecked Sendable {  // `terminalSink` is touched only under the core's delivery (its send lock); `endAction` is guarded by `host.stateLock`
        /// The core the run is attached to; unlike `core`, kept once detached, for
        /// the interruption.
        @usableFromInline let host: Core
        /// The sink again, for the run's own terminal event when the core does not
        /// deliver it (`held` is released by the core as soon as the run leaves it).
        @exclusivity(unchecked) @usableFromInline var terminalSink: Sink?
        /// Whether the run has ended (received its terminal event).
        @usableFromInline let ended = Synchronization.Atomic<Bool>(false)
        /// What runs once the run has ended (see `afterEnding(_:)`).
        @exclusivity(unchecked) @usableFromInline var endAction: (() -> Void)?
        /// What serialises the sends into `host` (a property's storage), handed to
        /// `interrupt`.
        @usableFromInline let owner: AnyObject
        /// Interrupts the run through `host`, serialised by `owner` like every send
        /// into `host`: a closure formed where the run is made (the client's
        /// specialisation, capturing nothing), since `dispose()` is not specialised.
        ///
        /// Serialised so that the interruption takes `host`'s send lock in the same
        /// order as a send does (the owner's lock first): the run's observer may set
        /// the property from its `interrupted` while another thread sets it.
        @usableFromInline let interrupt: (_ owner: AnyObject, _ run: AttachedRun) -> Void

        @inlinable
        init(
            _ sink: Sink,
            attachingTo core: Core,
            serialisedBy owner: AnyObject,
            interrupt: @escaping (_ owner: AnyObject, _ run: AttachedRun) -> Void
        ) {
            precondition(core.hasSendLock, "a run is attached only to a core fed from any thread")
            host = core
            terminalSink = sink
            self.owner = owner
            self.interrupt = interrupt
            super.init(sink, core: core, streamType: SignalProducer<Value, Error>.self)
        }

        @usableFromInline
        override func dispose() {
            guard detach() else { return }
            if let core = core.take() { core.removeSubscription(core, self) }
            interrupt(owner, self)
        }

        /// Delivers `interrupted` and ends the run; under the core's send lock.
        @inlinable
        func deliverInterruption() {
            let sink = terminalSink.take()
            sink?.receive(.interrupted)
            withExtendedLifetime(sink) {}
            finish()
        }

        /// The core delivered its terminal event to the run.
        @usableFromInline
        override func didTerminate() {
            withExtendedLifetime(terminalSink.take()) {}
            finish()
        }

        /// Marks the run ended and runs its end action; after its terminal event,
        /// outside every lock.
        @inlinable
        func finish() {
            host.stateLock.lock()
            ended.store(true, ordering: .releasing)
            let action = endAction.take()
            host.stateLock.unlock()
            action?()
        }

        @usableFromInline
        func afterEnding(_ action: @escaping () -> Void) {
            host.stateLock.lock()
            let hasEnded = ended.load(ordering: .relaxed)
            if !hasEnded {
                endAction = endAction.map { previous in { previous(); action() } } ?? action
            }
            host.stateLock.unlock()
            if hasEnded { action() }
        }
    }
}

extension Signal.Core {
    /// Starts `run` (made for this core): attaches it, unless it was disposed, and
    /// delivers `current` to it alone; if the source has `ended`, the run is not
    /// attached and receives `current` then `completed`.
    ///
    /// The caller serialises this with every send into the core that the run must
    /// not miss nor see twice (a property's update lock), so that the run sees the
    /// current value, then every later change.
    @inlinable
    func start(_ run: AttachedRun, current: Value, sourceEnded: Bool) {
        var attached = false
        if !sourceEnded {
            stateLock.lock()
            // Disposed before the start: it was interrupted then.
            guard run.isActive else {
                stateLock.unlock()
                return
            }
            if !isTerminated {
                let stale = observersWillChange()
                observers.insert((), for: run)
                attached = true
                stateLock.unlock()
                withExtendedLifetime(stale) {}
            } else {
                stateLock.unlock()
            }
        }
        deliverAlone {
            guard run.isActive else { return }
            run.receive(.value(current))
            // Not attached (the source has ended): the run ends here.
            guard !attached, run.detach() else { return }
            run.receive(.completed)
            withExtendedLifetime(run.takeSink()) {}
            run.didTerminate()
        }
    }

    /// Interrupts `run`, which its disposal has just detached and removed.
    @inlinable
    func interrupt(_ run: AttachedRun) {
        let thread = currentThreadID()
        let holder = sendLock.tryHold(for: thread)
        if holder == thread {
            // Disposed from inside a delivery on the delivering thread: right after
            // the current event.
            pending.append(.interruption(run))
            return
        }
        if holder != 0 { sendLock.waitToHold(for: thread) }
        run.deliverInterruption()
        finishDelivery(from: thread, terminated: false)
    }

    /// Runs `delivery` as a delivery of this core: holding its send lock (after a
    /// delivery under way on another thread), or at once on the thread that is
    /// delivering; then delivers what was queued meanwhile.
    @inlinable
    func deliverAlone(_ delivery: () -> Void) {
        let thread = currentThreadID()
        let holder = sendLock.tryHold(for: thread)
        if holder == thread { return delivery() }
        if holder != 0 { sendLock.waitToHold(for: thread) }
        delivery()
        finishDelivery(from: thread, terminated: false)
    }
}
