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
public final class CompositeDisposable: Disposable, @unchecked Sendable {  // `entries`, `lateArrivals` and `hasFinishedDisposing` are guarded by `lock`
    private let lock = Lock()
    private let disposed = Atomic<Bool>(false)
    private var entries = Bag<Entry, any Disposable>()
    /// Added while the members were being disposed, on another thread or from inside
    /// a member's disposal; disposed by the disposing thread once the members are.
    private var lateArrivals: [any Disposable] = []
    /// Every member, late arrivals included, has been disposed.
    private var hasFinishedDisposing = false

    /// Creates an empty composite.
    public init() {}

    /// Creates a composite holding `disposables`, skipping `nil`s.
    public init<S: Sequence>(_ disposables: S) where S.Element == (any Disposable)? {
        for disposable in disposables { add(disposable) }
    }

    deinit {
        lock.deallocate()
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
        let entry = Entry(in: self)
        enum Outcome { case added, waitsForDisposal, disposeNow }
        let outcome = lock.withLock { () -> Outcome in
            guard disposed.load(ordering: .relaxed) else {
                entries.insert(disposable, for: entry)
                return .added
            }
            // While the members are being disposed, a late arrival waits for them,
            // so that it runs after what was added before it, as in order.
            guard hasFinishedDisposing else {
                lateArrivals.append(disposable)
                return .waitsForDisposal
            }
            return .disposeNow
        }
        switch outcome {
        case .added: return entry
        case .waitsForDisposal: return nil
        case .disposeNow:
            disposable.dispose()
            return nil
        }
    }

    /// Adds a closure to run when the group is disposed.
    ///
    /// - Returns: a handle whose `dispose()` removes the closure without running it,
    ///   or `nil` if the composite was already disposed (the closure has then run).
    @discardableResult
    public func add(_ action: @escaping () -> Void) -> (any Disposable)? {
        add(AnyDisposable(action))
    }

    /// Disposes every disposable in the group, in the order they were added.
    public func dispose() {
        let all = lock.withLock { () -> ContiguousArray<Bag<Entry, any Disposable>.Slot?>? in
            guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
            return entries.removeAll()
        }
        guard let all else { return }
        for case let slot? in all {
            slot.payload.dispose()
        }
        while true {
            let late = lock.withLock { () -> [any Disposable] in
                defer { lateArrivals = [] }
                if lateArrivals.isEmpty { hasFinishedDisposing = true }
                return lateArrivals
            }
            guard !late.isEmpty else { return }
            for disposable in late { disposable.dispose() }
        }
    }

    /// Adds `disposable` to `composite`; see ``add(_:)``.
    @discardableResult
    public static func += (composite: CompositeDisposable, disposable: (any Disposable)?) -> (any Disposable)? {
        composite.add(disposable)
    }

    /// Adds a closure to run when `composite` is disposed; see ``add(_:)``.
    @discardableResult
    public static func += (composite: CompositeDisposable, action: @escaping () -> Void) -> (any Disposable)? {
        composite.add(action)
    }

    fileprivate func remove(_ entry: Entry) {
        lock.withLock { _ = entries.remove(entry) }
    }
}

extension CompositeDisposable {
    /// The handle of one member of a composite; disposing it removes the member
    /// from the group. The member itself is kept by the composite only.
    fileprivate final class Entry: Disposable, BagKey, @unchecked Sendable {  // `bagIndex` is guarded by the composite's lock
        var bagIndex = -1
        private let removed = Atomic<Bool>(false)
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
