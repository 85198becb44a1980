import Synchronization

/// A disposable that disposes a group of disposables together.
///
/// Disposables are disposed in the order they were added. Adding to a composite
/// that is already disposed disposes the newcomer at once, or, while the members
/// are still being disposed (on another thread, or from inside a member's
/// disposal), once they all are: a newcomer never runs before an earlier member.
///
/// ```swift
/// let bag = CompositeDisposable()
/// bag += signal.observeValues { print($0) }
/// bag += { print("goodbye") }
/// bag.dispose()  // detaches the observer, then prints "goodbye"
/// ```
public final class CompositeDisposable: Disposable, @unchecked Sendable {  // `entries`, `lateArrivals`, `hasFinishedDisposing` and `endedSignal` are guarded by `lock`
    // Nothing is disposed, run or released under `lock`: members leave the locked
    // sections (removed, taken out for disposal) and are released after unlocking.
    private let lock: Lock
    /// How many locks share `lock`'s allocation: `lock` and those lent to the owner
    /// (see `init(lendingLocks:)`).
    private let lockGroupSize: Int
    private let disposed = Synchronization.Atomic<Bool>(false)
    // `@exclusivity(unchecked)`: `lock` already makes every access exclusive.
    @exclusivity(unchecked) private var entries = KeyedBag<Entry, Member>()
    /// Added while the members were being disposed, on another thread or from inside
    /// a member's disposal; disposed by the disposing thread once the members are.
    @exclusivity(unchecked) private var lateArrivals: [Member] = []
    /// Every member, late arrivals included, has been disposed.
    @exclusivity(unchecked) private var hasFinishedDisposing = false
    /// The `ended` signal of the lifetimes made from this composite, created on
    /// first use: most lifetimes are never asked for it.
    @exclusivity(unchecked) private var endedSignal: Signal<Never, Never>?

    /// Creates an empty composite.
    public init() {
        lock = Lock()
        lockGroupSize = 1
    }

    /// Creates a composite holding `disposables`, skipping `nil`s.
    public convenience init<S: Sequence>(_ disposables: S) where S.Element == (any Disposable)? {
        self.init()
        for disposable in disposables { add(disposable) }
    }

    /// Creates an empty composite whose lock is allocated together with `count` more
    /// locks, lent to the caller (a signal core, which holds the composite) for as
    /// long as the composite lives: one allocation instead of two.
    @usableFromInline
    init(lendingLocks count: Int) {
        lock = Lock(primitive: Lock.allocateGroup(of: 1 + count))
        lockGroupSize = 1 + count
    }

    /// The lent lock number `index` (from 0) of a composite made by
    /// `init(lendingLocks:)`.
    @usableFromInline
    func lentLock(_ index: Int) -> Lock {
        precondition(index >= 0 && index < lockGroupSize - 1, "no such lent lock")
        return Lock(primitive: lock.primitive + 1 + index)
    }

    deinit {
        Lock.deallocateGroup(lock.primitive, of: lockGroupSize)
    }

    /// Whether the composite has been disposed.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Adds `disposable` to the group.
    ///
    /// - Returns: a handle whose `dispose()` removes `disposable` from the group
    ///   *without* disposing it, or `nil` if `disposable` was `nil` or the
    ///   composite was already disposed (in which case `disposable` has been
    ///   disposed at once, or will be once the members being disposed are).
    @discardableResult
    public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
        guard let disposable else { return nil }
        return add(.disposable(disposable))
    }

    /// Adds a closure to run when the group is disposed.
    ///
    /// - Returns: a handle whose `dispose()` removes the closure without running it,
    ///   or `nil` if the composite was already disposed (the closure has then run).
    @discardableResult
    public func add(_ action: @escaping () -> Void) -> (any Disposable)? {
        add(.action(action))
    }

    private func add(_ member: Member) -> (any Disposable)? {
        enum Outcome { case added(Entry), waitsForDisposal, disposeNow }
        let outcome = lock.withLock { () -> Outcome in
            guard disposed.load(ordering: .relaxed) else {
                let entry = Entry(in: self)
                entries.insert(member, for: entry)
                return .added(entry)
            }
            // While the members are being disposed, a late arrival waits for them,
            // so that it runs after what was added before it, as in order.
            guard hasFinishedDisposing else {
                lateArrivals.append(member)
                return .waitsForDisposal
            }
            return .disposeNow
        }
        switch outcome {
        case let .added(entry): return entry
        case .waitsForDisposal: return nil
        case .disposeNow:
            member.dispose()
            return nil
        }
    }

    /// Disposes every disposable in the group, in the order they were added.
    public func dispose() {
        let all = lock.withLock { () -> ContiguousArray<KeyedBag<Entry, Member>.Slot?>? in
            guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
            return entries.removeAll()
        }
        guard let all else { return }
        for case let slot? in all {
            slot.payload.dispose()
        }
        while true {
            let late = lock.withLock { () -> [Member] in
                defer { lateArrivals = [] }
                if lateArrivals.isEmpty { hasFinishedDisposing = true }
                return lateArrivals
            }
            guard !late.isEmpty else { return }
            for member in late { member.dispose() }
        }
    }

    /// Adds `disposable` to `composite`; see ``add(_:)-24q5n``.
    @discardableResult
    public static func += (composite: CompositeDisposable, disposable: (any Disposable)?) -> (any Disposable)? {
        composite.add(disposable)
    }

    /// Adds a closure to run when `composite` is disposed; see ``add(_:)-(()->Void)``.
    @discardableResult
    public static func += (composite: CompositeDisposable, action: @escaping () -> Void) -> (any Disposable)? {
        composite.add(action)
    }

    fileprivate func remove(_ entry: Entry) {
        let removed = lock.withLock { entries.remove(entry) }
        // Released outside the lock: a closure's captures may add to this composite.
        withExtendedLifetime(removed) {}
    }

    /// A signal that completes when this composite is disposed: the `ended` signal
    /// of the lifetimes made from it, created on first use and then shared.
    var ended: Signal<Never, Never> {
        if let cached = lock.withLock({ endedSignal }) { return cached }
        // Created outside the lock: its generator adds to this composite.
        let signal = Signal<Never, Never> { observer, _ in
            add { observer.sendCompleted() }
        }
        return lock.withLock {
            if let cached = endedSignal { return cached }
            endedSignal = signal
            return signal
        }
    }
}

extension CompositeDisposable {
    /// One member: a disposable, or a closure kept as it is rather than wrapped in
    /// an ``AnyDisposable``.
    private enum Member {
        case disposable(any Disposable)
        case action(() -> Void)

        func dispose() {
            switch self {
            case let .disposable(disposable): disposable.dispose()
            case let .action(action): action()
            }
        }
    }
}

extension CompositeDisposable {
    /// The handle of one member of a composite; disposing it removes the member
    /// from the group. The member itself is kept by the composite only.
    fileprivate final class Entry: Disposable, BagKey, @unchecked Sendable {  // `bagIndex` is guarded by the composite's lock
        @exclusivity(unchecked) var bagIndex = -1
        private let removed = Synchronization.Atomic<Bool>(false)
        private weak var composite: CompositeDisposable?

        init(in composite: CompositeDisposable) {
            self.composite = composite
        }

        var isDisposed: Bool {
            removed.load(ordering: .acquiring) || composite?.isDisposed ?? true
        }

        func dispose() {
            guard !removed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            composite?.remove(self)
        }
    }
}
