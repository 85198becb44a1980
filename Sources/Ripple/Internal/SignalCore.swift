import Synchronization

extension Signal {
    /// The state and delivery machinery behind a ``Signal``; the `Signal` object is
    /// only a shell whose deinitialisation tells the core that nobody can observe it
    /// any more.
    ///
    /// Invariants (DESIGN.md, "How the signal core can keep contracts 2–3 cheaply"):
    /// - `observers`, `isTerminated` and `hasShell` are guarded by `stateLock`.
    /// - Delivery holds `sendLock` and records the delivering thread in `sendOwner`.
    ///   A send from that same thread is a recursive send: it is appended to
    ///   `pending` and delivered by the owner after the current event has reached
    ///   every observer. `pending` is touched only by the owner. A send from another
    ///   thread waits for `sendLock`, so delivery stays synchronous.
    /// - A core without a `sendLock` is fed by exactly one upstream signal, which
    ///   already serialises and de-recurses what reaches it (see `Signal.derived`).
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
    /// - Termination happens once: the observers are taken out of the bag, receive the
    ///   terminal event, and are released; then, after the send lock is released,
    ///   `resources` is disposed (still before `send` returns).
    @usableFromInline
    final class Core: @unchecked Sendable {  // state guarded by `stateLock`; `pending` by `sendLock`
        @usableFromInline let stateLock: Lock
        @usableFromInline let sendLock: Lock?
        @usableFromInline let sendOwner = Atomic<UInt>(0)
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
        /// Whether a delivery is reading the cached snapshot.
        @usableFromInline let delivering = Atomic<Bool>(false)
        /// The cached observers, the same objects unretained for the delivery (one
        /// mirror set, per case of `cached`), and the `version` they were taken at.
        @exclusivity(unchecked) @usableFromInline var cached = CachedObservers.none
        @exclusivity(unchecked) @usableFromInline var borrowedSole: (key: Unmanaged<SignalSubscription>, box: Unmanaged<SinkBox>)?
        @exclusivity(unchecked) @usableFromInline var borrowedSnapshot: Unmanaged<Snapshot>?
        @exclusivity(unchecked) @usableFromInline var cachedVersion = UInt.max

        /// Disposed when the signal terminates: the generator's `Lifetime`. It also
        /// owns the storage of `stateLock` and `sendLock` (one allocation for all the
        /// locks of a signal); the core holds it, so the locks live as long as the core.
        @usableFromInline let resources: CompositeDisposable

        /// Inlinable so that a signal created in the client's code initialises its
        /// bag and queue without runtime generic-metadata lookups.
        @inlinable
        init(serialisedByUpstream: Bool) {
            let resources = CompositeDisposable(lendingLocks: serialisedByUpstream ? 1 : 2)
            self.resources = resources
            stateLock = resources.lentLock(0)
            sendLock = serialisedByUpstream ? nil : resources.lentLock(1)
        }

        /// A new input observer: it sends through this core, and interrupts the signal
        /// when released. Inlinable so that both closures are the client's
        /// specialisations.
        @inlinable
        func makeInput() -> Observer {
            Observer({ event in self.send(event) }, interruptOnDeinit: { self.send(.interrupted) })
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
            guard let sendLock else {
                if deliver(event) { resources.dispose() }
                return
            }
            let thread = currentThreadID()
            if sendOwner.load(ordering: .relaxed) == thread {
                pending.append(event)
                return
            }
            sendLock.lock()
            sendOwner.store(thread, ordering: .relaxed)
            var terminated = deliver(event)
            if !pending.isEmpty, drainPending() { terminated = true }
            sendOwner.store(0, ordering: .relaxed)
            sendLock.unlock()
            // Outside the send lock: disposal reaches upstream (unsubscribing,
            // interrupting runs), and upstream delivery takes locks in the opposite
            // order.
            if terminated { resources.dispose() }
        }

        /// Delivers the queued recursive sends; `true` if one of them terminated the
        /// signal.
        @inlinable
        func drainPending() -> Bool {
            var terminated = false
            var index = 0
            while index < pending.count {
                let event = pending[index]
                index += 1
                if deliver(event) { terminated = true }
            }
            pending.removeAll(keepingCapacity: true)
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
            assert(!delivering.load(ordering: .relaxed), "a signal's delivery was re-entered")
            delivering.store(true, ordering: .sequentiallyConsistent)
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
            delivering.store(false, ordering: .sequentiallyConsistent)
            // The observers changed during this delivery: drop the cache now, rather
            // than keep the detached ones until the next delivery.
            if version.load(ordering: .sequentiallyConsistent) != cachedVersion { dropCache() }
            return false
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
        @inlinable
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
            return delivering.load(ordering: .sequentiallyConsistent) ? .none : takeCache()
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
            for case let slot? in all where slot.key.detachFromTerminatedCore() {
                slot.payload.sink.receive(event)
            }
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
            let endsSilently = removed && !hasShell && observers.isEmpty && !isTerminated
            if endsSilently { isTerminated = true }
            stateLock.unlock()
            withExtendedLifetime(stale) {}
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

        @inlinable
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
