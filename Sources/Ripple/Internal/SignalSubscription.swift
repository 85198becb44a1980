import Synchronization

/// The handle of one observer attached to a signal, as users see it: disposing it
/// detaches the observer.
///
/// The handle and the observer are one object, a ``Signal/Subscription`` (this
/// class's only subclass), which is also the entry of the core's bag: one
/// allocation per attached observer. This class is its non-generic face, so that
/// `dispose()`, reached through `any Disposable`, goes through a static witness
/// table and one class-method call to the subclass, with no generic metadata to
/// look up.
@usableFromInline
class SignalSubscription: Disposable, @unchecked Sendable {  // no state of its own; see `Signal.Subscription`
    @usableFromInline
    init() {}

    /// Whether the observer has been detached, by its disposable or by the
    /// signal's termination.
    @usableFromInline
    var isDisposed: Bool {
        preconditionFailure("Signal.Subscription overrides isDisposed")
    }

    /// Detaches the observer.
    @usableFromInline
    func dispose() {
        preconditionFailure("Signal.Subscription overrides dispose()")
    }
}

extension Signal {
    /// One observer attached to a signal core: its sink, its place in the core's
    /// bag, and the handle that detaches it (see ``SignalSubscription``).
    ///
    /// The sink is released once the observer can receive nothing more and the core
    /// no longer reaches it (out of the bag and of the cached snapshot, see
    /// `Signal.Core.takeCache()`), even while the handle is still held: a kept
    /// disposable keeps nothing alive but itself.
    ///
    /// Layout: the sink (17 bytes) first, then `detached`, `isCached` and `bagIndex` in the rest
    /// of its last word, so that the object is 56 bytes, one allocator size class (64)
    /// for the handle and the observer together.
    ///
    /// Not final only for ``Signal/AttachedRun``, a producer's run attached to the
    /// core as an observer; every member is final.
    @usableFromInline
    class Subscription: SignalSubscription, BagKey, @unchecked Sendable {  // `sink` and `bagIndex` are guarded by the core's `stateLock` and its delivery (see `Signal.Core`); `core` is touched only by whoever wins `detached`
        /// What the core calls with each event; `nil` once released (see above).
        ///
        /// Held in a noncopyable wrapper so that a delivery borrows it in place: a
        /// plain read of a copyable `var` copies the closure out (a retain and a
        /// release per observer and event), since the call could change the
        /// property meanwhile. Only the core's delivery and the one who releases
        /// the sink touch it, never at the same time (see `Signal.Core`).
        @exclusivity(unchecked) @usableFromInline final var held: HeldSink?

        /// Gives `event` to the sink, if it has not been released.
        @inlinable @inline(__always)
        final func receive(_ event: Event) {
            switch held {
            case let .some(held):
                held.sink.receive(event)
            case .none:
                break
            }
        }

        /// Takes the sink out, for its caller to release (after unlocking).
        @inlinable
        final func takeSink() -> Sink? {
            guard let taken = held.take() else { return nil }
            return taken.sink
        }

        @usableFromInline final let detached = Synchronization.Atomic<Bool>(false)
        /// Whether the core's cache of observers (the copy its deliveries read)
        /// holds this observer; guarded by the core's `stateLock`. An observer
        /// removed while cached keeps its sink until the cache is dropped (a
        /// delivery may be reading it); one that is not is released at once.
        @exclusivity(unchecked) @usableFromInline final var isCached = false
        /// `bagIndex`, in 32 bits beside `detached` (see the layout above).
        @exclusivity(unchecked) @usableFromInline final var storedBagIndex: Int32 = -1
        /// The core this observer is attached to, until it is detached.
        ///
        /// Strong, and cleared by whoever detaches the observer: a weak reference
        /// would give the core a side table and send every retain and release of it
        /// down the runtime's slow path. The cycle it makes with the core's bag while
        /// attached keeps nothing alive that was not alive already: the core lives
        /// while its input does, and releasing the input terminates the signal, which
        /// detaches every observer.
        @exclusivity(unchecked) @usableFromInline final var core: Core?
        /// Counts this observer while it is attached (see `SubscriptionCounter`).
        /// (A `SubscriptionCounter`, opaque for inlinable code.)
        @usableFromInline final let counter: AnyObject?

        /// An observer of `core`; a leak report names it as an observer of a
        /// `streamType` (a ``Signal`` of the core's types, unless a subclass says
        /// otherwise).
        @inlinable
        init(_ sink: Sink, core: Core, streamType: Any.Type = Signal.self) {
            held = HeldSink(sink)
            self.core = core
            counter = SubscriptionCounting.counterTokenForNewSubscription
            super.init()
            if let counter { SubscriptionCounting.attach(ObjectIdentifier(self), streamType: streamType, to: counter) }
        }

        deinit {
            // Released with its signal while still attached.
            if let counter, !detached.load(ordering: .relaxed) { SubscriptionCounting.detach(ObjectIdentifier(self), from: counter) }
        }

        @inlinable
        final var bagIndex: Int {
            get { Int(storedBagIndex) }
            set { storedBagIndex = Int32(newValue) }
        }

        /// Whether the observer may still receive events. Checked before each
        /// delivery, so that an observer never hears from a signal after its
        /// disposable's `dispose()` has returned on the delivering thread.
        @inlinable
        final var isActive: Bool {
            !detached.load(ordering: .relaxed)
        }

        @usableFromInline
        final override var isDisposed: Bool {
            detached.load(ordering: .acquiring)
        }

        /// Detaches the observer; the core removes it through its specialised
        /// `removeSubscription` (this method is not specialised: it is reached
        /// through `any Disposable`).
        ///
        /// It reads and clears `core` by hand rather than with `core.take()`: that
        /// generic call, unspecialised here, would look up the metadata of `Core`
        /// at run time on every dispose (a few hundred instructions and a lock in
        /// the runtime's metadata cache; W3 in Benchmarks).
        @usableFromInline
        override func dispose() {
            guard detach(), let core else { return }
            self.core = nil
            core.removeSubscription(core, self)
        }

        /// Called once the observer has received the core's terminal event (or was
        /// detached by it without), after its sink has been released; outside the
        /// core's locks. A run attached to the core (``Signal/AttachedRun``) ends here.
        @usableFromInline
        func didTerminate() {}

        /// Marks the subscription detached because its core has terminated, which
        /// has already taken it out of the bag; `true` for the one caller that did so.
        @inlinable
        final func detachFromTerminatedCore() -> Bool {
            guard detach() else { return false }
            core = nil
            return true
        }

        /// Marks the subscription detached; `true` for the one caller that did so,
        /// which then owns `core`.
        @inlinable @inline(__always)
        final func detach() -> Bool {
            guard !detached.exchange(true, ordering: .acquiringAndReleasing) else { return false }
            if let counter { SubscriptionCounting.detach(ObjectIdentifier(self), from: counter) }
            return true
        }
    }
}

extension Signal.Subscription {
    /// A sink that cannot be copied out by accident (see `held`).
    @usableFromInline
    struct HeldSink: ~Copyable {
        @usableFromInline let sink: Signal.Sink

        @inlinable
        init(_ sink: Signal.Sink) {
            self.sink = sink
        }
    }
}
