import Synchronization

// The delivery side of a signal core: sending, de-recursing, and the cache of
// observers that deliveries read (see `Signal.Core` in SignalCore.swift for the
// invariants, and the Architecture article, Ripple.docc/Architecture.md, "The signal
// core").

extension Signal.Core {
    @inlinable
    func send(_ event: Event) {
        guard hasSendLock else { return deliverSerialised(event) }
        let thread = currentThreadID()
        let holder = sendLock.tryHold(for: thread)
        if holder == thread {
            pending.append(event)
            return
        }
        if holder != 0 {
            if event.isTerminating { requestTermination() }
            if case .interrupted = event { return leaveInterruption(from: thread) }
            sendLock.waitToHold(for: thread)
        }
        // A value sent after a termination request is dropped by `deliver`, which
        // finds the request through its version check.
        finishDelivery(from: thread, terminated: deliver(event))
    }

    /// A terminal event found another thread's delivery under way: from now on,
    /// values are dropped, so that it is the next event the observers see. Sets
    /// `terminationRequested`, then the top bit of `version` (under `stateLock`, as
    /// every change of `version`), which every value's delivery compares anyway.
    @usableFromInline
    func requestTermination() {
        terminationRequested.store(true, ordering: .releasing)
        stateLock.lock()
        version.bitwiseOr(Self.terminationBit, ordering: .sequentiallyConsistent)
        stateLock.unlock()
    }

    /// Sends the value `event` if `latest` still holds `id` once this thread holds
    /// the send lock (or, for a recursive send, when it is queued): `flatten(.latest)`'s
    /// check that a value is the newest inner stream's. A value that waited for
    /// another thread's delivery is checked after it, so that a stream that delivery
    /// replaced cannot send after its successor. The check is an atomic load, not a
    /// closure: it runs for every value.
    @inlinable
    func send(value event: Event, ifLatest latest: borrowing Synchronization.Atomic<UInt64>, is id: UInt64) {
        guard hasSendLock else {
            if latest.load(ordering: .acquiring) == id { deliverSerialised(event) }
            return
        }
        let thread = currentThreadID()
        let holder = sendLock.tryHold(for: thread)
        if holder == thread {
            if latest.load(ordering: .acquiring) == id { pending.append(event) }
            return
        }
        if holder != 0 { sendLock.waitToHold(for: thread) }
        guard !terminationRequested.load(ordering: .relaxed), latest.load(ordering: .acquiring) == id else {
            return finishDelivery(from: thread, terminated: false)
        }
        finishDelivery(from: thread, terminated: deliver(event))
    }

    /// `interrupted` sent (a run disposed, an input released) while another thread
    /// delivers: leaves it for that thread instead of waiting for its delivery,
    /// which may itself be waiting for this thread (two threads, each delivering,
    /// whose observers dispose a run of the other's). The delivering thread finds the
    /// request when it gives the send lock back, and delivers the interruption then;
    /// if the lock is free by now, this thread takes it and delivers it itself. The
    /// values sent meanwhile are dropped (`terminationRequested`, set by the caller).
    @usableFromInline
    func leaveInterruption(from thread: UInt) {
        sendLock.leaveRequest()
        cleanUpAfterReleasing(for: thread)
    }

    /// Ends a delivery made holding the send lock: delivers what was queued
    /// meanwhile, drops a stale cache, gives the lock back, and disposes the
    /// resources if the signal has terminated.
    @inlinable @inline(__always)
    func finishDelivery(from thread: UInt, terminated: Bool) {
        var terminated = terminated
        if !pending.isEmpty, drainPending() { terminated = true }
        let checkedVersion = dropCacheIfStale()
        let requested = sendLock.release(for: thread)
        // Runs to interrupt leave a notice on the send lock, which `release()`
        // reports: a delivery reads no word of its own for them.
        if requested
            || version.load(ordering: .sequentiallyConsistent) != checkedVersion
            || deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 {
            cleanUpAfterReleasing(for: thread)
        }
        // Outside the send lock: disposal reaches upstream (unsubscribing,
        // interrupting runs), and upstream delivery takes locks in the opposite
        // order.
        if terminated { resources.dispose() }
    }

    /// The observers changed, a covered core asked for its cache to be dropped, an
    /// attached run asked for its interruption, or another thread left this core's
    /// interruption (`leaveInterruption`), after the last check of a send that has
    /// given the send lock back: takes it again to do what the delivery would have
    /// done, unless another sender holds it (whose own checks will do it). The
    /// core's interruption is delivered holding the lock, as any event; the runs to
    /// interrupt are taken while holding it (no delivery reaches them any more) and
    /// interrupted after releasing it.
    @usableFromInline
    func cleanUpAfterReleasing(for thread: UInt) {
        while sendLock.tryHold(for: thread) == 0 {
            var terminated = false
            if sendLock.takeRequest() {
                terminated = deliver(.interrupted)
                if !pending.isEmpty, drainPending() { terminated = true }
            }
            let checkedVersion = dropCacheIfStale()
            if deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 { dropDeferredCaches() }
            sendLock.clearNotice()
            let requests = interruptions.exchange(0, ordering: .sequentiallyConsistent)
            let requested = sendLock.release(for: thread)
            if requests != 0 { Self.interruptRuns(requests) }
            if terminated { resources.dispose() }
            guard requested
                || version.load(ordering: .sequentiallyConsistent) != checkedVersion
                || deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 else { return }
        }
    }

    /// Drops the cache if the observers have changed since it was taken, and
    /// returns the version this check saw; while holding the send lock.
    @inlinable @inline(__always)
    func dropCacheIfStale() -> UInt {
        let current = version.load(ordering: .sequentiallyConsistent)
        if current != cachedVersion { dropCache() }
        return current
    }

    /// Whether a delivery may be reading the cache (see above).
    @inlinable
    var isDelivering: Bool {
        hasSendLock ? sendLock.isHeld(asking: currentThreadID()) : delivering.load(ordering: .sequentiallyConsistent)
    }

    /// Whether this core writes `delivering` around its deliveries: it is fed by
    /// a funnel (a core with a send lock uses the lock word, a covered core its
    /// root's flag).
    @inlinable
    var setsDeliveringFlag: Bool {
        !hasSendLock && gate == nil
    }

    /// Delivers `event`, sent by whoever serialises this core's input (it has no
    /// send lock), and disposes `resources` if the event terminated the signal.
    @inlinable
    func deliverSerialised(_ event: Event) {
        if deliver(event) { resources.dispose() }
    }

    /// Delivers the queued recursive sends; `true` if one of them terminated the
    /// signal.
    @inlinable
    func drainPending() -> Bool {
        var terminated = false
        repeat {
            var index = 0
            while index < pending.count {
                let event = pending[index]
                index += 1
                if terminationRequested.load(ordering: .relaxed), !event.isTerminating { continue }
                if deliver(event) { terminated = true }
            }
            // The delivered events are released out of `pending`: a value's
            // deinitialiser may send on this signal again (a recursive send,
            // appended to `pending` meanwhile, and delivered by the next round).
            var delivered = ContiguousArray<Event>()
            swap(&delivered, &pending)
            delivered.removeAll(keepingCapacity: true)
            if pending.isEmpty { swap(&delivered, &pending) }
        } while !pending.isEmpty
        return terminated
    }

    /// Delivers `event`; `true` if it terminated the signal, in which case the
    /// caller disposes `resources` once it has released the send lock.
    @inlinable
    func deliver(_ event: Event) -> Bool {
        if event.isTerminating {
            return terminate(with: event)
        }
        // Delivery is serialised and de-recursed (see above); a nested delivery
        // would refresh or drop the cache under the outer one's feet.
        let setsFlag = setsDeliveringFlag
        if setsFlag {
            assert(!delivering.load(ordering: .relaxed), "a signal's delivery was re-entered")
            delivering.store(true, ordering: .sequentiallyConsistent)
        }
        if version.load(ordering: .sequentiallyConsistent) != cachedVersion {
            // Rare: the observers changed, or a terminal event was requested
            // (`terminationBit`), after which values are dropped.
            if _slowPath(terminationRequested.load(ordering: .relaxed)) {
                if setsFlag { delivering.store(false, ordering: .sequentiallyConsistent) }
                return false
            }
            refreshCache()
        }
        // What is cached stays alive and unchanged until this delivery ends
        // (nobody else drops it while `delivering`), so it is borrowed.
        if let sole = borrowedSole {
            sole._withUnsafeGuaranteedRef { $0.receive(event) }
        } else if let snapshot = borrowedSnapshot {
            // Every observer in the snapshot was active when it was taken; only a
            // detachment since then (typically by an observer of this very event,
            // on this thread) makes it worth checking each one.
            let detachedBefore = detachments.load(ordering: .relaxed)
            snapshot._withUnsafeGuaranteedRef { snapshot in
                snapshot.slots.withUnsafeBufferPointer { slots in
                    for index in slots.indices {
                        guard let subscription = Self.borrow(slots.baseAddress.unsafelyUnwrapped + index) else { continue }
                        subscription._withUnsafeGuaranteedRef { subscription in
                            if detachments.load(ordering: .relaxed) != detachedBefore, !subscription.isActive { return }
                            subscription.receive(event)
                        }
                    }
                }
            }
        }
        if setsFlag { delivering.store(false, ordering: .sequentiallyConsistent) }
        // The observers changed during this delivery: drop the cache now, rather
        // than keep the detached ones until the next delivery.
        if version.load(ordering: .sequentiallyConsistent) != cachedVersion { dropCache() }
        if gate == nil, deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 { dropDeferredCaches() }
        return false
    }

    /// Drops the caches that the cores covered by this one's delivery could not
    /// drop while it was under way; by the delivering side, after the delivery.
    @usableFromInline
    func dropDeferredCaches() {
        stateLock.lock()
        let dependents = deferredDrops
        deferredDrops = []
        stateLock.unlock()
        guard !dependents.isEmpty else { return }
        deferredDropRequests.subtract(dependents.count, ordering: .sequentiallyConsistent)
        for dependent in dependents { dependent.dropCache() }
    }

    /// Called by a core this one covers, with that core's `stateLock` held, after
    /// it has bumped its `version` with a cache to drop (see `DeliveryGate`).
    ///
    /// The request is counted before `isDelivering` is read, and the delivering
    /// side writes the flag (or the send lock's word) before it reads the count
    /// (both sequentially consistent), so a request made during a delivery is
    /// seen when it ends.
    @usableFromInline
    func mayDropCache(of dependent: any DeliveryGate) -> Bool {
        deferredDropRequests.add(1, ordering: .sequentiallyConsistent)
        stateLock.lock()
        let isDelivering = isDelivering
        if isDelivering { deferredDrops.append(dependent) }
        stateLock.unlock()
        if !isDelivering { deferredDropRequests.subtract(1, ordering: .sequentiallyConsistent) }
        return !isDelivering
    }

    /// Caches the current observers; by the delivering side only.
    @inlinable
    func refreshCache() {
        stateLock.lock()
        let stale = takeCache()
        switch observers.count {
        case 0:
            break
        case 1:
            // The one entry, after at most a few holes.
            for case let slot? in observers.slots {
                slot.key.isCached = true
                cached = .sole(slot.key)
                borrowedSole = .passUnretained(slot.key)
                break
            }
        default:
            for case let slot? in observers.slots { slot.key.isCached = true }
            let snapshot = Snapshot(observers.slots)
            cached = .many(snapshot)
            borrowedSnapshot = .passUnretained(snapshot)
        }
        // Without `terminationBit`: once it is set, every delivery checks the request.
        cachedVersion = version.load(ordering: .relaxed) & ~Self.terminationBit
        stateLock.unlock()
        // Released outside the lock: its observers' deinitialisers may run.
        withExtendedLifetime(stale) {}
    }

    /// Drops the cache if the observers have changed; by the delivering side
    /// only, after its delivery.
    @usableFromInline
    func dropCache() {
        stateLock.lock()
        let stale = cachedVersion == version.load(ordering: .relaxed) ? Leftovers() : takeCache()
        stateLock.unlock()
        withExtendedLifetime(stale) {}
    }

    /// Takes out the cache, under `stateLock` (which the caller holds), with the
    /// sinks of the observers that only the cache still reached (already out of the
    /// bag): the caller releases both after unlocking.
    @inlinable
    func takeCache() -> Leftovers {
        borrowedSole = nil
        borrowedSnapshot = nil
        var leftovers = Leftovers(cache: cached)
        cached = .none
        switch leftovers.cache {
        case .none:
            break
        case let .sole(subscription):
            subscription.isCached = false
            if subscription.bagIndex < 0 { leftovers.sink = subscription.takeSink() }
        case let .many(snapshot):
            for case let slot? in snapshot.slots {
                slot.key.isCached = false
                if slot.key.bagIndex < 0, let sink = slot.key.takeSink() { leftovers.sinks.append(sink) }
            }
        }
        return leftovers
    }

    /// Records a change of `observers`, about to be made by the caller, which
    /// holds `stateLock`; returns the cache if nobody is delivering from it, for
    /// the caller to release after unlocking.
    @inlinable
    func observersWillChange() -> Leftovers {
        let next = version.load(ordering: .relaxed) &+ 1
        guard cached.isCaching else {
            // Nothing to drop; whoever delivers next refreshes under the lock.
            version.store(next, ordering: .releasing)
            return Leftovers()
        }
        version.store(next, ordering: .sequentiallyConsistent)
        if let gate { return gate.mayDropCache(of: self) ? takeCache() : Leftovers() }
        return isDelivering ? Leftovers() : takeCache()
    }

    /// The subscription of the bag entry at `slot` (`nil` for a hole), without
    /// retaining it. Only for entries of a snapshot the caller holds: the
    /// snapshot's storage keeps it alive, and it is used through
    /// `_withUnsafeGuaranteedRef`, so a delivery costs no reference counting per
    /// observer. (Binding the entry to a variable in the loop instead keeps a
    /// retained copy across the observer's call.)
    @inlinable @inline(__always)
    static func borrow(_ slot: UnsafePointer<KeyedBag<Subscription, Void>.Slot?>) -> Unmanaged<Subscription>? {
        guard let slot = slot.pointee else { return nil }
        return .passUnretained(slot.key)
    }
}

extension Signal {
    /// What a core has cached of its observers for deliveries (see `Core.deliver`).
    @usableFromInline
    enum CachedObservers {
        case none
        /// The one observer, as its bag entry.
        case sole(Subscription)
        /// A copy of the bag.
        case many(Snapshot)

        @inlinable
        var isCaching: Bool {
            if case .none = self { false } else { true }
        }
    }

    /// What leaves a core's reach in one locked section: the cache taken out, and
    /// the sinks of observers that nothing reaches any more. Released after
    /// unlocking, since releasing a sink runs its captures' deinitialisers.
    @usableFromInline
    struct Leftovers {
        @usableFromInline var cache: CachedObservers
        @usableFromInline var sink: Sink?
        @usableFromInline var sinks = ContiguousArray<Sink>()

        @inlinable
        init(cache: CachedObservers = .none) {
            self.cache = cache
        }
    }

    /// An immutable copy of a core's bag, cached for deliveries (see `Core.deliver`).
    @usableFromInline
    final class Snapshot {
        @usableFromInline let slots: ContiguousArray<KeyedBag<Subscription, Void>.Slot?>

        @inlinable
        init(_ slots: ContiguousArray<KeyedBag<Subscription, Void>.Slot?>) {
            self.slots = slots
        }
    }
}

/// A signal core seen without its generic parameters, by the cores whose deliveries
/// its own delivery covers (see `Signal.Core`, "A core fed by an upstream signal").
@usableFromInline
protocol DeliveryGate: AnyObject {
    /// Whether `dependent`, a core this one covers that has just bumped its version
    /// (its `stateLock` held), may drop its cache now: `false` while this core
    /// delivers, in which case it drops `dependent`'s cache when the delivery ends.
    func mayDropCache(of dependent: any DeliveryGate) -> Bool
    /// Drops the cache if the observers have changed since it was taken; by the
    /// delivering side only.
    func dropCache()
}
