import Synchronization

/// How long something lives: an object, a screen, a running producer.
///
/// A lifetime *ends* once, when its ``Token`` is disposed or deinitialised.
/// Work can be attached to the end (``observeEnded(_:)``, `+=`), and streams can be
/// bounded by it. Give an object a lifetime by storing the token:
///
/// ```swift
/// final class Screen {
///     let lifetime: Lifetime
///     private let token: Lifetime.Token
///     init() { (lifetime, token) = Lifetime.make() }
/// }
/// ```
///
/// Work attached to a lifetime runs synchronously, in the order it was attached,
/// on the thread that ends the lifetime.
///
/// Not `final` for Ripple's own sake: the run of a start handler prepared for one
/// observer is its own lifetime (`HandlerRun`), one object instead of two.
public class Lifetime: @unchecked Sendable {  // `storage` is one atomic word, set once from 0
    /// The composite whose disposal ends the lifetime, as the address of a retained
    /// reference (+1, released by `deinit`). Every lifetime has one from its
    /// creation, except a run's (`init(creatingStorageOnFirstUse:)`), whose handler
    /// seldom touches its lifetime: there the word stays 0 until the composite is
    /// first used (`disposables`), or until the run ends without one (`end()`),
    /// which stores `endedWithoutStorage` (no object, no reference counting: a run
    /// nobody observed ends with one compare-and-exchange). Either way the word
    /// leaves 0 once, by compare-and-exchange, so whoever loses the race goes by
    /// the winner's: an action attached after `end()` runs at once, one attached
    /// before runs when `end()` disposes the composite.
    private let storage: Synchronization.Atomic<UInt>
    /// `storage` of a lifetime that ended before anyone asked for its composite.
    private static var endedWithoutStorage: UInt { 1 }

    init(_ disposables: CompositeDisposable) {
        storage = Synchronization.Atomic(UInt(bitPattern: Unmanaged.passRetained(disposables).toOpaque()))
    }

    /// A lifetime whose composite is created when first used; its owner calls
    /// `end()` once.
    @usableFromInline
    init(creatingStorageOnFirstUse: ()) {
        storage = Synchronization.Atomic(0)
    }

    deinit {
        Lifetime.composite(at: storage.load(ordering: .acquiring))?.release()
    }

    /// The composite whose address `storage` holds, if it holds one.
    private static func composite(at word: UInt) -> Unmanaged<CompositeDisposable>? {
        guard word > endedWithoutStorage, let address = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged.fromOpaque(address)
    }

    /// What a lifetime that ended without a composite gives to those who ask for
    /// one afterwards: already disposed (and ``empty``'s).
    private static let endedStorage: CompositeDisposable = {
        let disposables = CompositeDisposable()
        disposables.dispose()
        return disposables
    }()

    /// The composite, created now if the lifetime has none yet.
    private final var disposables: CompositeDisposable {
        let word = storage.load(ordering: .acquiring)
        if let existing = Lifetime.composite(at: word) { return existing.takeUnretainedValue() }
        if word == Lifetime.endedWithoutStorage { return Lifetime.endedStorage }
        let made = CompositeDisposable()
        let candidate = Unmanaged.passRetained(made)
        let (exchanged, current) = storage.compareExchange(
            expected: 0, desired: UInt(bitPattern: candidate.toOpaque()), ordering: .acquiringAndReleasing
        )
        if exchanged { return made }
        candidate.release()
        return Lifetime.composite(at: current)?.takeUnretainedValue() ?? Lifetime.endedStorage
    }

    /// Ends a lifetime made by `init(creatingStorageOnFirstUse:)`: disposes its
    /// composite if anyone created it, or else marks it ended without creating
    /// one. By its owner, once, outside every lock (attached actions run here).
    @usableFromInline
    final func end() {
        let (exchanged, current) = storage.compareExchange(
            expected: 0, desired: Lifetime.endedWithoutStorage, ordering: .acquiringAndReleasing
        )
        guard !exchanged else { return }
        Lifetime.composite(at: current)?.takeUnretainedValue().dispose()
    }

    /// Creates the lifetime that `token` controls.
    ///
    /// Lifetimes created from the same token end together.
    public convenience init(_ token: Token) {
        self.init(token.disposables)
    }

    /// Creates a lifetime together with the token that ends it.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let token = Token()
        return (Lifetime(token), token)
    }

    /// A lifetime that has already ended.
    public static let empty = Lifetime(endedStorage)

    /// Whether the lifetime has ended.
    public final var hasEnded: Bool {
        let word = storage.load(ordering: .acquiring)
        // A lifetime with no composite yet has not ended: asking creates none.
        guard let disposables = Lifetime.composite(at: word) else { return word == Lifetime.endedWithoutStorage }
        return disposables._withUnsafeGuaranteedRef { $0.isDisposed }
    }

    /// A signal that completes when the lifetime ends.
    ///
    /// Like every signal, it gives `interrupted` to observers that arrive after it
    /// has terminated; use ``observeEnded(_:)`` to run code at the end whether or
    /// not the lifetime has already ended.
    public final var ended: Signal<Never, Never> {
        disposables.ended
    }

    /// Runs `action` when the lifetime ends, or at once if it has already ended.
    ///
    /// - Returns: a handle whose `dispose()` cancels the observation, or `nil` if the
    ///   lifetime had already ended (and `action` has run).
    @discardableResult
    public final func observeEnded(_ action: @escaping () -> Void) -> (any Disposable)? {
        disposables.add(action)
    }

    /// Disposes `disposable` when the lifetime ends, or at once if it has already ended.
    ///
    /// - Returns: a handle whose `dispose()` detaches `disposable` without disposing it.
    @discardableResult
    public static func += (lifetime: Lifetime, disposable: (any Disposable)?) -> (any Disposable)? {
        lifetime.disposables.add(disposable)
    }

    /// The handle that ends a ``Lifetime``: disposing or deinitialising it ends
    /// every lifetime created from it.
    public final class Token: Disposable {
        fileprivate let disposables = CompositeDisposable()

        /// Creates a token; see ``Lifetime/make()``.
        public init() {}

        deinit {
            disposables.dispose()
        }

        /// Whether the lifetime has ended.
        public var isDisposed: Bool {
            disposables.isDisposed
        }

        /// Ends the lifetime now.
        public func dispose() {
            disposables.dispose()
        }
    }
}
