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
public final class Lifetime: Sendable {
    private let disposables: CompositeDisposable

    init(_ disposables: CompositeDisposable) {
        self.disposables = disposables
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
    public static let empty: Lifetime = {
        let disposables = CompositeDisposable()
        disposables.dispose()
        return Lifetime(disposables)
    }()

    /// Whether the lifetime has ended.
    public var hasEnded: Bool {
        disposables.isDisposed
    }

    /// A signal that completes when the lifetime ends.
    ///
    /// Like every signal, it gives `interrupted` to observers that arrive after it
    /// has terminated; use ``observeEnded(_:)`` to run code at the end whether or
    /// not the lifetime has already ended.
    public var ended: Signal<Never, Never> {
        disposables.ended
    }

    /// Runs `action` when the lifetime ends, or at once if it has already ended.
    ///
    /// - Returns: a handle whose `dispose()` cancels the observation, or `nil` if the
    ///   lifetime had already ended (and `action` has run).
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> (any Disposable)? {
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
