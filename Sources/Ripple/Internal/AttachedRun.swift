import Synchronization

// A producer's run attached straight to a signal core, as one of its observers:
// how a property's producer started for one observer costs one observer of the
// property's relay, not a signal of its own fed by one. See the Architecture article
// (Ripple.docc/Architecture.md), "Producers and runs".

extension Signal {
    /// The run of a producer that relays a signal core (a property's changes),
    /// started for one observer: that observer is attached to the core itself, so
    /// that each change reaches it as it reaches the core's other observers, with no
    /// signal, send lock or call in between.
    ///
    /// It keeps the contracts of a run. What it delivers apart from the core's own
    /// deliveries (the first value, the value and `completed` of a source that has
    /// ended) is delivered under the core's send lock, so it is serialised with the
    /// core's deliveries and never re-entered; its interruption is delivered once no
    /// delivery of the core can reach it any more, with no lock held:
    /// - Started, it receives the first value at once (on the starting thread), then
    ///   every event the core delivers; a change made from inside that first
    ///   delivery is queued by the core and delivered after it.
    /// - Disposed, it is detached and receives `interrupted` exactly once, and
    ///   nothing after it. Disposal never waits for a delivery: from a thread while
    ///   the core is idle, `interrupted` is delivered before `dispose()` returns;
    ///   while the core delivers (on that thread or another one), the disposal
    ///   leaves a request (see `Core.interruptions`) and the delivering thread
    ///   delivers `interrupted` once its delivery is over. A delivery on another
    ///   thread that had already begun may still bring the run that one value after
    ///   `dispose()` has returned; no later one reaches it, since it is out of the
    ///   core's observers.
    /// - Disposed before it starts, it is interrupted then, and never starts.
    /// - It ends on its terminal event, whichever comes first: its sink is then
    ///   released, and the actions given to `afterEnding` run.
    ///
    /// Why disposal must not wait: a thread setting a property holds the property's
    /// update lock and the core's send lock for the whole delivery, and its
    /// observers may be waiting for the disposing thread. Two threads, each setting
    /// its own property whose observer disposes a run of the other property, would
    /// each wait for the other's delivery to end, forever.
    @usableFromInline
    final class AttachedRun: Subscription, AnyImmediateRun, @unchecked Sendable {  // `terminalSink` and `nextInterruption` are touched only by whoever ends the run (see `deliverInterruption()`); `endAction` is guarded by `host.stateLock`
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
        /// The next run in `host`'s requests for an interruption, while this one is
        /// in them (see `Core.interruptions`).
        @exclusivity(unchecked) @usableFromInline var nextInterruption: Unmanaged<AttachedRun>?

        @inlinable
        init(_ sink: Sink, attachingTo core: Core) {
            precondition(core.hasSendLock, "a run is attached only to a core fed from any thread")
            host = core
            terminalSink = sink
            super.init(sink, core: core, streamType: SignalProducer<Value, Error>.self)
        }

        /// Detaches the run and has it interrupted; never waits for a delivery (see
        /// above).
        @usableFromInline
        override func dispose() {
            guard detach() else { return }
            if let core = core.take() { core.removeSubscription(core, self) }
            host.requestInterruption(of: self)
        }

        /// Delivers `interrupted` and ends the run; by the thread that took the run's
        /// request for it, which did so holding the core's send lock after the run
        /// had left the core's observers, so that no delivery of the core reaches
        /// the run any more. Called with no lock held.
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

    /// Asks for the interruption of `run`, which its disposal has just detached and
    /// taken out of the observers: pushes it onto `interruptions`, then does what a
    /// sender does after giving the send lock back. If no delivery is under way,
    /// that takes the lock, the request, gives the lock back and interrupts the
    /// run, on this thread; otherwise the delivering thread (this one, from inside
    /// a delivery) finds the request when it gives the lock back. Never waits.
    ///
    /// The push is followed by a notice on the send lock (`leaveNotice()`). The
    /// notice and the delivering thread's release are both sequentially consistent,
    /// each followed by a look at the other's word (this thread tries the lock, the
    /// releasing one reads the lock's `waiters`, which holds the notice): one of
    /// them always sees the other, so a request is never left behind. The holder
    /// clears the notice before it takes the requests out, so a request pushed after
    /// that leaves a notice it will see.
    @usableFromInline
    func requestInterruption(of run: AttachedRun) {
        let entry = UInt(bitPattern: Unmanaged.passRetained(run).toOpaque())
        var top = interruptions.load(ordering: .relaxed)
        while true {
            run.nextInterruption = top == 0 ? nil : Self.unmanagedRun(top)
            let (pushed, current) = interruptions.compareExchange(
                expected: top, desired: entry, ordering: .sequentiallyConsistent)
            if pushed { break }
            top = current
        }
        sendLock.leaveNotice()
        cleanUpAfterReleasing(for: currentThreadID())
    }

    /// The run whose address is `bits`, a word of `interruptions` other than 0.
    static func unmanagedRun(_ bits: UInt) -> Unmanaged<AttachedRun> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
    }

    /// Interrupts the runs of `requests` (taken out of `interruptions` while
    /// holding the send lock), in the order they were disposed; with no lock held.
    @usableFromInline
    static func interruptRuns(_ requests: UInt) {
        // The latest request is on top: reverse the list first.
        var reversed: Unmanaged<AttachedRun>?
        var next: Unmanaged<AttachedRun>? = unmanagedRun(requests)
        while let entry = next {
            let run = entry.takeUnretainedValue()
            next = run.nextInterruption
            run.nextInterruption = reversed
            reversed = entry
        }
        while let entry = reversed {
            let run = entry.takeRetainedValue()
            reversed = run.nextInterruption
            run.nextInterruption = nil
            run.deliverInterruption()
        }
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
