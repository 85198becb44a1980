import Synchronization

extension Signal {
    /// The state and delivery machinery behind a ``Signal``; the `Signal` object is
    /// only a shell whose deinitialisation tells the core that nobody can observe it
    /// any more.
    ///
    /// Invariants (DESIGN.md, "How the signal core can keep contracts 2–3 cheaply"):
    /// - `observers`, `isTerminated` and `hasShell` are guarded by `stateLock`.
    /// - Delivery holds `sendLock`, which records the delivering thread. A send from
    ///   that same thread is a recursive send: it is appended to `pending` and
    ///   delivered by the owner after the current event has reached every observer.
    ///   `pending` is touched only by the owner. A send from another thread waits for
    ///   `sendLock`, so delivery stays synchronous.
    /// - A core without a send lock (`hasSendLock` false) is fed by exactly one
    ///   upstream signal, or by one funnel, which already serialises and de-recurses
    ///   what reaches it (see ``SignalFeeding``).
    /// - Observers are called without `stateLock` held, from a snapshot of the bag;
    ///   the bag is copied only when it changes while a snapshot is alive. The
    ///   snapshot keeps its entries alive, so delivery borrows them (see `borrow`).
    /// - The snapshot is cached between deliveries, so that a delivery to an
    ///   unchanged set of observers takes no lock and counts no reference (see
    ///   `deliver`); a single observer is cached as itself, with no allocation.
    ///   `cached`, its borrowed mirrors and `cachedVersion` belong to the delivering
    ///   side (serialised like delivery itself): it refreshes them under `stateLock`
    ///   when `version` has moved. A change of the bag bumps `version` under
    ///   `stateLock` and then, if something is cached and no delivery is under way
    ///   (`delivering`), drops it at once, so that a detached observer is released
    ///   when it is detached; a delivery that was under way drops it when it ends.
    ///   Both sides write before they read (`version` then `delivering`, `delivering`
    ///   then `version`, sequentially consistent), so at least one of them sees the
    ///   other: a snapshot is never dropped while a delivery reads it, and never kept
    ///   once its observers have changed and no delivery reads it. With nothing
    ///   cached, a change only bumps `version` (no fence): the next delivery
    ///   refreshes under the lock anyway.
    /// - With a send lock, the lock word is the `delivering` flag (`isDelivering`):
    ///   it is written when the lock is taken and given back, so a send pays for
    ///   no flag of its own. Having given the lock back, the sender looks again
    ///   (`cleanUpAfterReleasing`): if the observers changed after its last check,
    ///   it takes the lock again to drop the cache, unless another sender holds it,
    ///   and that one will.
    /// - A core fed by an upstream signal (`gate`) delivers only while the core at
    ///   the root of its chain delivers or terminates, so it uses the root's
    ///   `delivering` flag instead of writing its own: a chain of derived signals
    ///   pays for one flag per event, not one per signal. A change of its observers
    ///   asks the root (`mayDropCache(of:)`): if the root is delivering, the root
    ///   records the core and drops its cache when that delivery ends (the core also
    ///   drops it itself when its own delivery ends, whichever comes first).
    /// - Nothing is released under `stateLock`: what leaves the bag or the cache (a
    ///   removed observer, the observers of a termination, a stale cache) is handed
    ///   out of the locked section and released after unlocking, since releasing an
    ///   observer runs its captures' deinitialisers (user code, which may dispose,
    ///   send on or observe this very signal). Likewise, recursive sends are
    ///   released out of `pending`, so that a deinitialiser may send again.
    /// - Termination happens once: the observers are taken out of the bag, receive the
    ///   terminal event, and are released; then, after the send lock is released,
    ///   `resources` is disposed (still before `send` returns).
    @usableFromInline
    final class Core: DeliveryGate, @unchecked Sendable {  // state guarded by `stateLock`; `pending` by `sendLock`
        @usableFromInline let stateLock: Lock
        @usableFromInline let sendLock = SendLock()
        /// Whether sends go through `sendLock` (the signal is fed from any thread).
        @usableFromInline let hasSendLock: Bool
        /// The root of the chain of signals that feeds this one, whose `delivering`
        /// flag covers this core's deliveries; `nil` if this core sets its own.
        @usableFromInline let gate: (any DeliveryGate)?
        // `@exclusivity(unchecked)`: the locks above already make every access
        // exclusive, and the dynamic checks would cost more than the delivery itself.
        @exclusivity(unchecked) @usableFromInline var pending = ContiguousArray<Event>()
        @exclusivity(unchecked) @usableFromInline var observers = Bag<SignalSubscription, SinkBox>()
        @exclusivity(unchecked) @usableFromInline var isTerminated = false
        @exclusivity(unchecked) @usableFromInline var hasShell = true
        /// How many observers have been detached by their disposables; lets a
        /// delivery skip the per-observer `isActive` check while it has not changed.
        @usableFromInline let detachments = Atomic<Int>(0)
        /// Bumped under `stateLock` by every change of `observers`.
        @usableFromInline let version = Atomic<UInt>(0)
        /// Whether a delivery is reading the cached snapshot, for a core fed by a
        /// funnel (see `isDelivering`).
        @usableFromInline let delivering = Atomic<Bool>(false)
        /// The cached observers, the same objects unretained for the delivery (one
        /// mirror set, per case of `cached`), and the `version` they were taken at.
        @exclusivity(unchecked) @usableFromInline var cached = CachedObservers.none
        @exclusivity(unchecked) @usableFromInline var borrowedSole: (key: Unmanaged<SignalSubscription>, box: Unmanaged<SinkBox>)?
        @exclusivity(unchecked) @usableFromInline var borrowedSnapshot: Unmanaged<Snapshot>?
        @exclusivity(unchecked) @usableFromInline var cachedVersion = UInt.max
        /// The cores this one's delivery covers whose caches are to be dropped when it
        /// ends (guarded by `stateLock`), and how many are recorded or being recorded.
        @exclusivity(unchecked) @usableFromInline var deferredDrops: [any DeliveryGate] = []
        @usableFromInline let deferredDropRequests = Atomic<Int>(0)

        /// Disposed when the signal terminates: the generator's `Lifetime`. It also
        /// owns the storage of `stateLock` (one allocation for the composite and the
        /// lock); the core holds it, so the lock lives as long as the core.
        @usableFromInline let resources: CompositeDisposable

        /// Inlinable so that a signal created in the client's code initialises its
        /// bag and queue without runtime generic-metadata lookups.
        @inlinable
        init(fedBy feeding: SignalFeeding) {
            let resources = CompositeDisposable(lendingLocks: 1)
            self.resources = resources
            stateLock = resources.lentLock(0)
            hasSendLock = if case .anyThread = feeding { true } else { false }
            gate = if case let .upstream(root) = feeding { root } else { nil }
        }

        /// What covers this core's deliveries, for the cores fed by it.
        @inlinable
        var deliveryGate: any DeliveryGate {
            gate ?? self
        }

        /// A new input observer: it sends through this core, and interrupts the signal
        /// when released. Inlinable so that both closures are the client's
        /// specialisations; without a send lock, the input delivers directly (one
        /// call fewer per event along a chain of derived signals).
        @inlinable
        func makeInput() -> Observer {
            let interrupt = { self.send(.interrupted) }
            guard hasSendLock else {
                return Observer({ event in self.deliverSerialised(event) }, interruptOnDeinit: interrupt)
            }
            return Observer({ event in self.send(event) }, interruptOnDeinit: interrupt)
        }

        /// The lifetime handed to the signal's generator: it ends when `resources` is
        /// disposed.
        @usableFromInline
        var lifetime: Lifetime {
            Lifetime(resources)
        }

        deinit {
            if !isTerminated { resources.dispose() }
        }

        @inlinable
        func send(_ event: Event) {
            guard hasSendLock else { return deliverSerialised(event) }
            let thread = currentThreadID()
            let holder = sendLock.tryHold(for: thread)
            if holder == thread {
                pending.append(event)
                return
            }
            if holder != 0 { sendLock.waitToHold(for: thread) }
            var terminated = deliver(event)
            if !pending.isEmpty, drainPending() { terminated = true }
            let checkedVersion = dropCacheIfStale()
            sendLock.release()
            if version.load(ordering: .sequentiallyConsistent) != checkedVersion
                || deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 {
                cleanUpAfterReleasing(for: thread)
            }
            // Outside the send lock: disposal reaches upstream (unsubscribing,
            // interrupting runs), and upstream delivery takes locks in the opposite
            // order.
            if terminated { resources.dispose() }
        }

        /// The observers changed, or a covered core asked for its cache to be
        /// dropped, after the last check of a send that has given the send lock
        /// back: takes it again to do what the delivery would have done, unless
        /// another sender holds it (whose own checks will do it).
        @usableFromInline
        func cleanUpAfterReleasing(for thread: UInt) {
            while sendLock.tryHold(for: thread) == 0 {
                let checkedVersion = dropCacheIfStale()
                if deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 { dropDeferredCaches() }
                sendLock.release()
                guard version.load(ordering: .sequentiallyConsistent) != checkedVersion
                    || deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 else { return }
            }
        }

        /// Drops the cache if the observers have changed since it was taken, and
        /// returns the version this check saw; while holding the send lock.
        @inlinable
        func dropCacheIfStale() -> UInt {
            let current = version.load(ordering: .sequentiallyConsistent)
            if current != cachedVersion { dropCache() }
            return current
        }

        /// Whether a delivery may be reading the cache (see above).
        @inlinable
        var isDelivering: Bool {
            hasSendLock ? sendLock.isHeld : delivering.load(ordering: .sequentiallyConsistent)
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
            if version.load(ordering: .sequentiallyConsistent) != cachedVersion { refreshCache() }
            // What is cached stays alive and unchanged until this delivery ends
            // (nobody else drops it while `delivering`), so it is borrowed.
            if let sole = borrowedSole {
                sole.box._withUnsafeGuaranteedRef { $0.sink.receive(event) }
            } else if let snapshot = borrowedSnapshot {
                // Every observer in the snapshot was active when it was taken; only a
                // detachment since then (typically by an observer of this very event,
                // on this thread) makes it worth checking each one.
                let detachedBefore = detachments.load(ordering: .relaxed)
                snapshot._withUnsafeGuaranteedRef { snapshot in
                    snapshot.slots.withUnsafeBufferPointer { slots in
                        for index in slots.indices {
                            guard let (key, box) = Self.borrow(slots.baseAddress.unsafelyUnwrapped + index) else { continue }
                            if detachments.load(ordering: .relaxed) != detachedBefore,
                               !key._withUnsafeGuaranteedRef({ $0.isActive }) { continue }
                            box._withUnsafeGuaranteedRef { $0.sink.receive(event) }
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
                    cached = .sole(slot.key, slot.payload)
                    borrowedSole = (.passUnretained(slot.key), .passUnretained(slot.payload))
                    break
                }
            default:
                let snapshot = Snapshot(observers.slots)
                cached = .many(snapshot)
                borrowedSnapshot = .passUnretained(snapshot)
            }
            cachedVersion = version.load(ordering: .relaxed)
            stateLock.unlock()
            // Released outside the lock: its observers' deinitialisers may run.
            withExtendedLifetime(stale) {}
        }

        /// Drops the cache if the observers have changed; by the delivering side
        /// only, after its delivery.
        @usableFromInline
        func dropCache() {
            stateLock.lock()
            let stale = cachedVersion == version.load(ordering: .relaxed) ? .none : takeCache()
            stateLock.unlock()
            withExtendedLifetime(stale) {}
        }

        /// Takes the cache out, for its caller to release after unlocking
        /// `stateLock`, which it holds.
        @inlinable
        func takeCache() -> CachedObservers {
            borrowedSole = nil
            borrowedSnapshot = nil
            defer { cached = .none }
            return cached
        }

        /// Records a change of `observers`, about to be made by the caller, which
        /// holds `stateLock`; returns the cache if nobody is delivering from it, for
        /// the caller to release after unlocking.
        @inlinable
        func observersWillChange() -> CachedObservers {
            let next = version.load(ordering: .relaxed) &+ 1
            guard cached.isCaching else {
                // Nothing to drop; whoever delivers next refreshes under the lock.
                version.store(next, ordering: .releasing)
                return .none
            }
            version.store(next, ordering: .sequentiallyConsistent)
            if let gate { return gate.mayDropCache(of: self) ? takeCache() : .none }
            return isDelivering ? .none : takeCache()
        }

        /// The key and box of the bag entry at `slot` (`nil` for a hole), without
        /// retaining them. Only for entries of a snapshot the caller holds: the
        /// snapshot's storage keeps both alive, and the objects are used through
        /// `_withUnsafeGuaranteedRef`, so a delivery costs no reference counting per
        /// observer. (Binding the entry to a variable in the loop instead keeps a
        /// retained copy of both across the observer's call.)
        @inlinable @inline(__always)
        static func borrow(
            _ slot: UnsafePointer<Bag<SignalSubscription, SinkBox>.Slot?>
        ) -> (Unmanaged<SignalSubscription>, Unmanaged<SinkBox>)? {
            guard let slot = slot.pointee else { return nil }
            return (.passUnretained(slot.key), .passUnretained(slot.payload))
        }

        /// Ends the signal with `event` unless it has already ended; `true` if it did.
        @inlinable
        func terminate(with event: Event) -> Bool {
            stateLock.lock()
            guard !isTerminated else {
                stateLock.unlock()
                return false
            }
            isTerminated = true
            let stale = observersWillChange()
            let all = observers.removeAll()
            stateLock.unlock()
            withExtendedLifetime(stale) {}
            // The observers may make the cores this one covers deliver (`reduce`
            // sends its result on completion), so this counts as a delivery.
            let setsFlag = setsDeliveringFlag
            if setsFlag { delivering.store(true, ordering: .sequentiallyConsistent) }
            for case let slot? in all where slot.key.detachFromTerminatedCore() {
                slot.payload.sink.receive(event)
            }
            if setsFlag { delivering.store(false, ordering: .sequentiallyConsistent) }
            if gate == nil, deferredDropRequests.load(ordering: .sequentiallyConsistent) != 0 { dropDeferredCaches() }
            return true
        }

        /// Attaches `sink`; `nil` (after giving `sink` an `interrupted`) if the signal
        /// has terminated.
        ///
        /// Inlinable so that the subscription's removal closure is formed in the
        /// client's specialisation: it captures nothing (no allocation) and calls the
        /// specialised `remove(_:)`, so that disposing the subscription looks up no
        /// generic metadata at run time.
        @inlinable
        func attach(_ sink: Sink) -> (any Disposable)? {
            let subscription = SignalSubscription(core: self) { core, subscription in
                unsafeDowncast(core, to: Core.self).remove(subscription)
            }
            let box = SinkBox(sink)
            stateLock.lock()
            guard !isTerminated else {
                stateLock.unlock()
                sink.receive(.interrupted)
                return nil
            }
            let stale = observersWillChange()
            observers.insert(box, for: subscription)
            stateLock.unlock()
            withExtendedLifetime(stale) {}
            return subscription
        }

        /// Takes out the observer of `subscription`, which its caller has just marked
        /// detached; called by `SignalSubscription.dispose()`.
        @inlinable
        func remove(_ subscription: SignalSubscription) {
            detachments.add(1, ordering: .relaxed)
            stateLock.lock()
            let stale = observersWillChange()
            let removed = observers.remove(subscription)
            let endsSilently = removed != nil && !hasShell && observers.isEmpty && !isTerminated
            if endsSilently { isTerminated = true }
            stateLock.unlock()
            // Released outside the lock, the observer with the cache: releasing its
            // closure runs its captures' deinitialisers, which may dispose, send on
            // or observe this very signal.
            withExtendedLifetime((stale, removed)) {}
            if endsSilently { resources.dispose() }
        }

        /// The shell is gone: nobody can attach an observer any more. With no
        /// observer left either, the signal ends without an event.
        ///
        /// Called from the shell's `deinit`, which runs unspecialised: reading the
        /// bag's stored `count` rather than calling a method of the generic bag keeps
        /// it from looking up the bag's type metadata at run time.
        @usableFromInline
        func shellDidDeinitialize() {
            stateLock.lock()
            hasShell = false
            let endsSilently = observers.count == 0 && !isTerminated
            if endsSilently { isTerminated = true }
            stateLock.unlock()
            if endsSilently { resources.dispose() }
        }
    }

    /// What a core has cached of its observers for deliveries (see `Core.deliver`).
    @usableFromInline
    enum CachedObservers {
        case none
        /// The one observer, as its bag entry.
        case sole(SignalSubscription, SinkBox)
        /// A copy of the bag.
        case many(Snapshot)

        @inlinable
        var isCaching: Bool {
            if case .none = self { false } else { true }
        }
    }

    /// An immutable copy of a core's bag, cached for deliveries (see `Core.deliver`).
    @usableFromInline
    final class Snapshot {
        @usableFromInline let slots: ContiguousArray<Bag<SignalSubscription, SinkBox>.Slot?>

        @inlinable
        init(_ slots: ContiguousArray<Bag<SignalSubscription, SinkBox>.Slot?>) {
            self.slots = slots
        }
    }

    /// The bag's payload: a ``Sink`` in an object of its own, so that a delivery
    /// can call it through a borrowed reference (a `let` of an object the snapshot
    /// keeps alive) instead of copying the closure out of the bag's storage, which
    /// costs a retain and a release per observer and event.
    @usableFromInline
    final class SinkBox {
        @usableFromInline let sink: Sink

        @inlinable
        init(_ sink: Sink) {
            self.sink = sink
        }
    }

    /// What the core calls for each event, kept in its bag (in a ``SinkBox``): the
    /// observer's closure itself, so that a delivery calls the user's code with no
    /// layer in between.
    @usableFromInline
    enum Sink {
        /// A closure that takes every event.
        case events((Event) -> Void)
        /// A closure that takes the values only (`observeValues`).
        case values((Value) -> Void)
        /// An input observer of another signal, kept so that it interrupts that signal
        /// when released (see ``Observer``).
        case input(Observer)

        /// The sink for `observer`: its closure, or the observer itself if releasing it
        /// has an effect.
        @inlinable
        init(_ observer: Observer) {
            self = observer.interruptsOnDeinit ? .input(observer) : .events(observer.action)
        }

        @inlinable @inline(__always)
        func receive(_ event: Event) {
            switch self {
            case let .events(action):
                action(event)
            case let .values(action):
                if case let .value(value) = event { action(value) }
            case let .input(observer):
                observer.action(event)
            }
        }
    }
}

/// Who sends into a core, which decides how its deliveries are serialised.
@usableFromInline
enum SignalFeeding {
    /// Anyone, from any thread: the core serialises and de-recurses sends with
    /// its send lock.
    case anyThread
    /// One ``Funnel``, which serialises and de-recurses what it sends.
    case funnel
    /// An observer of one upstream signal, only while that signal delivers or
    /// terminates; the gate is the root of the upstream's chain (its
    /// `deliveryGate`), whose delivery covers this core's.
    case upstream(any DeliveryGate)
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

/// The handle of one observer attached to a signal; disposing it detaches the
/// observer. The observer itself is kept by the core's bag only, so a detached
/// observer is released even while its handle is still referenced.
///
/// Not generic, so that `dispose()` (reached through `any Disposable`, where nothing
/// can be specialised) needs no generic metadata: it calls `removal`, formed by the
/// specialised `Signal.Core.attach(_:)`, which calls the specialised
/// `Signal.Core.remove(_:)`.
@usableFromInline
final class SignalSubscription: Disposable, BagKey, @unchecked Sendable {  // `bagIndex` is guarded by the core's `stateLock`; `core` is touched only by whoever wins `detached`
    @usableFromInline let detached = Atomic<Bool>(false)
    /// `bagIndex`, in 32 bits beside `detached`: that keeps the object at 56 bytes,
    /// which the allocator serves from the same size class as the former 48.
    @exclusivity(unchecked) @usableFromInline var storedBagIndex: Int32 = -1
    /// The `Signal.Core` this observer is attached to, until it is detached.
    ///
    /// Strong, and cleared by whoever detaches the observer: a weak reference would
    /// give the core a side table and send every retain and release of it down the
    /// runtime's slow path. The cycle it makes with the core's bag while attached
    /// keeps nothing alive that was not alive already: the core lives while its
    /// input does, and releasing the input terminates the signal, which detaches
    /// every observer. Once detached, a held disposable keeps nothing but itself.
    @exclusivity(unchecked) private var core: AnyObject?
    /// Removes this subscription from `core`, which it is handed (a `Signal.Core`).
    private let removal: (AnyObject, SignalSubscription) -> Void
    /// Counts this observer while it is attached (see `SubscriptionCounter`).
    private let counter: SubscriptionCounter?

    @usableFromInline
    init(core: AnyObject, removal: @escaping (AnyObject, SignalSubscription) -> Void) {
        self.core = core
        self.removal = removal
        counter = SubscriptionCounting.counterForNewSubscription
        counter?.attach()
    }

    deinit {
        // Released with its signal while still attached.
        if let counter, !detached.load(ordering: .relaxed) { counter.detach() }
    }

    @inlinable
    var bagIndex: Int {
        get { Int(storedBagIndex) }
        set { storedBagIndex = Int32(newValue) }
    }

    /// Whether the observer may still receive events. Checked before each
    /// delivery, so that an observer never hears from a signal after its
    /// disposable's `dispose()` has returned on the delivering thread.
    @inlinable
    var isActive: Bool {
        !detached.load(ordering: .relaxed)
    }

    @usableFromInline
    var isDisposed: Bool {
        detached.load(ordering: .acquiring)
    }

    @usableFromInline
    func dispose() {
        guard detach(), let core = core.take() else { return }
        removal(core, self)
    }

    /// Marks the subscription detached because its core has terminated, which has
    /// already taken it out of the bag; `true` for the one caller that did so.
    @usableFromInline
    func detachFromTerminatedCore() -> Bool {
        guard detach() else { return false }
        core = nil
        return true
    }

    /// Marks the subscription detached; `true` for the one caller that did so, which
    /// then owns `core`.
    @inline(__always)
    private func detach() -> Bool {
        guard !detached.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        counter?.detach()
        return true
    }
}
