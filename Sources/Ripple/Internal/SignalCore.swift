import Synchronization

extension Signal {
    /// The state and delivery machinery behind a ``Signal``; the `Signal` object is
    /// only a shell whose deinitialisation tells the core that nobody can observe it
    /// any more.
    ///
    /// Invariants (the Architecture article, Ripple.docc/Architecture.md, "The signal core"):
    /// - `observers`, `isTerminated` and `hasShell` are guarded by `stateLock`.
    /// - Delivery holds `sendLock`, which records the delivering thread. A send from
    ///   that same thread is a recursive send: it is appended to `pending` and
    ///   delivered by the owner after the current event has reached every observer.
    ///   `pending` is touched only by the owner. A send from another thread waits
    ///   for `sendLock`, so delivery stays synchronous. A terminal event that has to
    ///   wait sets `terminationRequested` first: the values that get the lock before
    ///   it (or are queued) are dropped, so nothing sent after the termination
    ///   reaches the observers before it. `interrupted` (a disposal) does not wait:
    ///   it leaves a request on the send lock (`leaveInterruption`), which the
    ///   holder serves when it gives the lock back (`cleanUpAfterReleasing`), so
    ///   that disposing never waits for another thread's delivery.
    /// - A run attached to the core (``AttachedRun``) is disposed without waiting:
    ///   it leaves the observers, then pushes itself onto `interruptions` and leaves
    ///   a notice on the send lock (which `release()` reports). Whoever
    ///   next gives the send lock back (or the disposing thread, if it can take the
    ///   lock) takes the requests while holding the lock, when no delivery can reach
    ///   those runs any more, and interrupts them after releasing it.
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
    /// - With a send lock, the lock is the `delivering` flag (`isDelivering`): it is
    ///   written when the lock is taken and given back, so a send pays for no flag
    ///   of its own. (A thread that asks while the lock is biased to another one
    ///   revokes the bias first: see `SendLock`.) Having given the lock back, the sender looks again
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
    /// - An observer's subscription is also its disposable, which users may keep: its
    ///   sink is released once nothing reaches it (out of the bag and the cache),
    ///   by whoever makes it so under `stateLock` (`remove`, `takeCache()`) or by
    ///   termination, and from then on is touched by nobody (see `Subscription`).
    /// - Termination happens once: the observers are taken out of the bag, receive the
    ///   terminal event, and are released; then, after the send lock is released,
    ///   `resources` is disposed (still before `send` returns).
    @usableFromInline
    final class Core: DeliveryGate, CountedStream, @unchecked Sendable {  // state guarded by `stateLock`; `pending` by `sendLock`
        // Signal's member types, for the extensions of `Core` in other files
        // (SignalCoreDelivery.swift, SignalCoreTermination.swift), which do not
        // see them unqualified.
        @usableFromInline typealias Event = Signal.Event
        @usableFromInline typealias Observer = Signal.Observer
        @usableFromInline typealias Sink = Signal.Sink
        @usableFromInline typealias Subscription = Signal.Subscription
        @usableFromInline typealias Snapshot = Signal.Snapshot
        @usableFromInline typealias CachedObservers = Signal.CachedObservers
        @usableFromInline typealias Leftovers = Signal.Leftovers
        @usableFromInline typealias AttachedRun = Signal.AttachedRun

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
        /// The attached runs whose disposal asked for their interruption, the latest
        /// on top, linked through `AttachedRun.nextInterruption`, each retained by
        /// the list (see `requestInterruption(of:)`). The word is the top entry's
        /// address (`Unmanaged.toOpaque()`), 0 for none: an atomic of a plain integer
        /// (an `Unmanaged<AttachedRun>?` would, in unspecialised code, look up
        /// metadata). A send never reads it: a push leaves a notice on the send lock.
        @usableFromInline let interruptions = Synchronization.Atomic<UInt>(0)
        @exclusivity(unchecked) @usableFromInline var observers = KeyedBag<Subscription, Void>()
        @exclusivity(unchecked) @usableFromInline var isTerminated = false
        @exclusivity(unchecked) @usableFromInline var hasShell = true
        /// How many observers have been detached by their disposables; lets a
        /// delivery skip the per-observer `isActive` check while it has not changed.
        @usableFromInline let detachments = Synchronization.Atomic<Int>(0)
        /// Bumped under `stateLock` by every change of `observers`; its top bit
        /// (`terminationBit`) is set with `terminationRequested`, so that a delivery
        /// finds the request through the version check it makes anyway.
        @usableFromInline let version = Synchronization.Atomic<UInt>(0)
        /// Whether a delivery is reading the cached snapshot, for a core fed by a
        /// funnel (see `isDelivering`).
        @usableFromInline let delivering = Synchronization.Atomic<Bool>(false)
        /// The cached observers, the same objects unretained for the delivery (one
        /// mirror set, per case of `cached`), and the `version` they were taken at.
        @exclusivity(unchecked) @usableFromInline var cached = CachedObservers.none
        @exclusivity(unchecked) @usableFromInline var borrowedSole: Unmanaged<Subscription>?
        @exclusivity(unchecked) @usableFromInline var borrowedSnapshot: Unmanaged<Snapshot>?
        @exclusivity(unchecked) @usableFromInline var cachedVersion = UInt.max
        /// The cores this one's delivery covers whose caches are to be dropped when it
        /// ends (guarded by `stateLock`), and how many are recorded or being recorded.
        @exclusivity(unchecked) @usableFromInline var deferredDrops: [any DeliveryGate] = []
        @usableFromInline let deferredDropRequests = Synchronization.Atomic<Int>(0)
        /// Set by a terminal event sent from another thread while a delivery is under
        /// way: from then on, values are dropped (those waiting for the send lock,
        /// and those queued or sent meanwhile), so that the terminal event is the next
        /// one the observers see.
        @usableFromInline let terminationRequested = Synchronization.Atomic<Bool>(false)

        /// The bit of `version` set with `terminationRequested`: a value's delivery
        /// compares `version` with `cachedVersion` (which never has it) anyway, and
        /// only checks the request once they differ.
        @inlinable
        static var terminationBit: UInt { 1 << (UInt.bitWidth - 1) }

        /// Disposed when the signal terminates: the generator's `Lifetime`. It also
        /// owns the storage of `stateLock` (one allocation for the composite and the
        /// lock); the core holds it, so the lock lives as long as the core.
        @usableFromInline let resources: CompositeDisposable
        /// Removes a subscription its disposable has detached: a closure formed where
        /// the core is created (the client's specialisation, for a signal created in
        /// the client's code), since the disposable's `dispose()` is not specialised.
        @usableFromInline let removeSubscription: (Core, Subscription) -> Void

        /// Inlinable so that a signal created in the client's code initialises its
        /// bag and queue without runtime generic-metadata lookups.
        @inlinable
        init(fedBy feeding: SignalFeeding) {
            let resources = CompositeDisposable(lendingLocks: 1)
            self.resources = resources
            stateLock = resources.lentLock(0)
            hasSendLock = if case .anyThread = feeding { true } else { false }
            gate = if case let .upstream(root) = feeding { root } else { nil }
            removeSubscription = { core, subscription in core.remove(subscription) }
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

        /// For leak checks: the signal this core is the core of.
        var streamType: Any.Type { Signal.self }

        /// The lifetime handed to the signal's generator: it ends when `resources` is
        /// disposed.
        @usableFromInline
        var lifetime: Lifetime {
            Lifetime(resources)
        }

        deinit {
            if !isTerminated { resources.dispose() }
        }

        /// Attaches `sink`; `nil` (after giving `sink` an `interrupted`) if the signal
        /// has terminated.
        @inlinable
        func attach(_ sink: Sink) -> (any Disposable)? {
            let subscription = Subscription(sink, core: self)
            stateLock.lock()
            guard !isTerminated else {
                stateLock.unlock()
                _ = subscription.takeSink()
                _ = subscription.detach()
                sink.receive(.interrupted)
                return nil
            }
            let stale = observersWillChange()
            observers.insert((), for: subscription)
            stateLock.unlock()
            withExtendedLifetime(stale) {}
            return subscription
        }

        /// Takes out `subscription`, which its disposable has just marked detached;
        /// called through `removeSubscription`.
        @inlinable
        func remove(_ subscription: Subscription) {
            detachments.add(1, ordering: .relaxed)
            stateLock.lock()
            let stale = observersWillChange()
            let wasAttached = observers.remove(subscription) != nil
            // Out of the bag, and in no cache (none was taken since it was attached,
            // or the cache was just taken out): nothing reaches its sink any more.
            // Otherwise the cache, which a delivery is reading, releases it when it
            // is dropped (`takeCache()`).
            let removedSink = wasAttached && !subscription.isCached ? subscription.takeSink() : nil
            let endsSilently = wasAttached && !hasShell && observers.isEmpty && !isTerminated
            if endsSilently { isTerminated = true }
            stateLock.unlock()
            // Released outside the lock, the observer with the cache: releasing its
            // closure runs its captures' deinitialisers, which may dispose, send on
            // or observe this very signal.
            withExtendedLifetime((stale, removedSink)) {}
            if endsSilently { resources.dispose() }
        }
    }

    /// What the core calls for each event, kept in its bag (in the observer's ``Subscription``): the
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
