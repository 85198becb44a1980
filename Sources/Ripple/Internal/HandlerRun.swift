import Synchronization

/// The run of a start handler (see `SignalProducer.init(_:)`) prepared for one
/// observer: nobody else can observe it, so it needs no signal core, with its bag,
/// cache and state lock. It is one object, which is also the run's ``Lifetime``; the
/// handler receives it with an input ``Signal/Observer`` that sends into it (no
/// object of its own for the closures it forms, which capture the run alone).
///
/// It keeps the contracts of a signal's run:
/// - Sends are serialised by `sendLock`, which records the delivering thread, as a
///   core's: a send from another thread waits for the current delivery; a send
///   from the delivering thread (from inside a delivery, or the deinitialiser of
///   something a delivery released) is queued in `pending` and delivered once the
///   current event is. Disposal is a send of `interrupted` (through the input, see
///   ``RunHandle``), which never waits for another thread's delivery: from another
///   thread while one is under way, it leaves a request on the send lock
///   (`leaveInterruption`) and returns, and the delivering thread interrupts the
///   run once its current delivery is over, when it gives the lock back; from
///   inside a delivery, it interrupts right after it; while nothing is delivered,
///   or before the start, it interrupts at once (and the handler never runs). A
///   terminal event that finds another thread's delivery under way drops the
///   values that would otherwise get the lock before it (`terminationRequested`).
/// - The first terminal event is the last that reaches the observer: its sink is
///   taken out then, and released after the send lock, as are every event sent
///   later (dropped).
/// - The lifetime ends after the terminal event, outside the send lock, still before
///   the send that terminated returns; its composite is created only if the handler
///   (or an operator) attaches something to it (see `Lifetime`).
/// - The input interrupts the run when it is released, like a signal's: the
///   handler and the handle both hold it (the run holds neither, so that releasing
///   them is what ends it).
@usableFromInline
final class HandlerRun<Value, Error: Swift.Error>: Lifetime, @unchecked Sendable {  // `held` and `pending` are touched only by the holder of `sendLock`; the rest is atomic or immutable
    @usableFromInline typealias Event = Signal<Value, Error>.Event
    @usableFromInline typealias Sink = Signal<Value, Error>.Sink

    @usableFromInline let sendLock = SendLock()
    /// The observer; `nil` once it has received its terminal event.
    /// Held in a noncopyable wrapper so that a delivery borrows it in place
    /// instead of copying the closure out (a retain and a release per event), as
    /// a subscription holds its sink (see `Signal.Subscription.held`).
    @exclusivity(unchecked) @usableFromInline var held: Signal<Value, Error>.Subscription.HeldSink?
    /// Recursive sends, queued during a delivery by the delivering thread.
    @exclusivity(unchecked) @usableFromInline var pending = ContiguousArray<Event>()
    /// Whether the observer has received its terminal event; written holding the
    /// send lock, read without it by the input's release, which then has nothing
    /// to interrupt (and takes no lock).
    @usableFromInline let terminated = Synchronization.Atomic<Bool>(false)
    /// Set by a terminal event that finds another thread's delivery under way: the
    /// values that get the send lock before it, or are queued, are dropped (as a
    /// signal core's `terminationRequested`).
    @usableFromInline let terminationRequested = Synchronization.Atomic<Bool>(false)
    /// Counts the observer until the run ends (see `SubscriptionCounter`).
    @usableFromInline let counter: AnyObject?

    @inlinable
    init(for sink: Sink) {
        held = .init(sink)
        counter = SubscriptionCounting.attachObserver { Signal<Value, Error>.self }
        super.init(creatingStorageOnFirstUse: ())
    }

    deinit {
        // Every run ends before it goes (its input interrupts it when released);
        // this only keeps a leak check right if that ever changes.
        if !terminated.load(ordering: .relaxed) { SubscriptionCounting.detach(from: counter) }
    }

    /// The input handed to the start handler. Inlinable so that both closures are
    /// the client's specialisations; each captures the run alone, which is then
    /// its context (no allocation).
    @inlinable
    func makeInput() -> Signal<Value, Error>.Observer {
        .init({ event in self.send(event) }, interruptOnDeinit: {
            if !self.terminated.load(ordering: .acquiring) { self.send(.interrupted) }
        })
    }

    /// Delivers `event` (see above for the serialisation).
    @inlinable
    func send(_ event: Event) {
        let thread = currentThreadID()
        let holder = sendLock.tryHold(for: thread)
        if holder == thread {
            pending.append(event)
            return
        }
        if holder != 0 {
            if event.isTerminating { terminationRequested.store(true, ordering: .releasing) }
            if case .interrupted = event { return leaveInterruption(from: thread) }
            sendLock.waitToHold(for: thread)
        }
        var finished: Sink?
        deliver(event, finishing: &finished)
        if !pending.isEmpty { drainPending(finishing: &finished) }
        if _slowPath(sendLock.release(for: thread)) { return finishServing(&finished, from: thread) }
        guard finished != nil else { return }
        // Released outside the send lock: its captures' deinitialisers may run
        // anything, sending on this run included (dropped: it has ended).
        finished = nil
        SubscriptionCounting.detach(from: counter)
        end()
    }

    /// The run has received its terminal event, and `finished` is its sink: releases
    /// it and ends the run; after the send lock. Its captures' deinitialisers may run
    /// anything, sending on this run included (dropped: it has ended).
    @usableFromInline
    func didFinish(_ finished: inout Sink?) {
        finished = nil
        SubscriptionCounting.detach(from: counter)
        end()
    }

    /// The send lock's release reported an interruption left meanwhile: ends the
    /// run if `finished` holds its sink, then serves the interruption (see
    /// `serveInterruption(from:)`). Out of line: the delivery's path stays as short
    /// as it was without interruption requests.
    @usableFromInline
    func finishServing(_ finished: inout Sink?, from thread: UInt) {
        if finished != nil { didFinish(&finished) }
        serveInterruption(from: thread)
    }

    /// `interrupted` sent (the run disposed, its input released) while another
    /// thread delivers: leaves it for that thread instead of waiting for its
    /// delivery, which may itself be waiting for this thread (two threads, each
    /// delivering, whose observers dispose each other's run). Values sent meanwhile
    /// are dropped (`terminationRequested`, set by the caller).
    @usableFromInline
    func leaveInterruption(from thread: UInt) {
        sendLock.leaveRequest()
        serveInterruption(from: thread)
    }

    /// Delivers the interruption left on the send lock, if the lock is free: a
    /// thread that has just given it back and found the request, or the thread
    /// that left it. If another thread holds the lock, that one serves the request
    /// when it gives the lock back.
    @usableFromInline
    func serveInterruption(from thread: UInt) {
        while sendLock.tryHold(for: thread) == 0 {
            var finished: Sink?
            if sendLock.takeRequest() {
                deliver(.interrupted, finishing: &finished)
                if !pending.isEmpty { drainPending(finishing: &finished) }
            }
            let requested = sendLock.release(for: thread)
            if finished != nil { didFinish(&finished) }
            guard requested else { return }
        }
    }

    /// Delivers `event` while holding the send lock, unless the run has ended; if
    /// the event is terminal, moves the sink to `finished` for the caller to
    /// release after the lock.
    @inlinable
    func deliver(_ event: Event, finishing finished: inout Sink?) {
        // Rare: only a terminal event sent while another thread delivered sets it.
        if _slowPath(terminationRequested.load(ordering: .relaxed)), !event.isTerminating { return }
        guard receive(event), event.isTerminating else { return }
        if let taken = held.take() { finished = taken.sink }
        terminated.store(true, ordering: .releasing)
    }

    /// Gives `event` to the sink, borrowed in place; `false` if the run has ended.
    @inlinable @inline(__always)
    func receive(_ event: Event) -> Bool {
        switch held {
        case let .some(held):
            held.sink.receive(event)
            return true
        case .none:
            return false
        }
    }

    /// Delivers the queued recursive sends, in order, holding the send lock.
    @usableFromInline
    func drainPending(finishing finished: inout Sink?) {
        repeat {
            var queued = ContiguousArray<Event>()
            swap(&queued, &pending)
            for event in queued { deliver(event, finishing: &finished) }
            // Released out of `pending`: a value's deinitialiser may send again (a
            // recursive send, queued for the next round).
            queued.removeAll(keepingCapacity: true)
            if pending.isEmpty { swap(&queued, &pending) }
        } while !pending.isEmpty
    }
}
