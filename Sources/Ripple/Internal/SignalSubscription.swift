import Synchronization

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
        counter?.attach(ObjectIdentifier(self), streamType: (core as? any CountedStream)?.streamType)
    }

    deinit {
        // Released with its signal while still attached.
        if let counter, !detached.load(ordering: .relaxed) { counter.detach(ObjectIdentifier(self)) }
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
        counter?.detach(ObjectIdentifier(self))
        return true
    }
}
