/// A disposable that disposes what it wraps when it is deinitialised.
///
/// Store one in an object to tie subscriptions to that object's life:
///
/// ```swift
/// final class Screen {
///     private let bindings = ScopedDisposable(CompositeDisposable())
///     init(viewModel: ViewModel) {
///         bindings += viewModel.title.observeValues { print($0) }
///     }
/// }
/// ```
public final class ScopedDisposable<Inner: Disposable>: Disposable {
    /// The wrapped disposable.
    public let inner: Inner

    /// Wraps `inner`, to be disposed when this object is deinitialised.
    public init(_ inner: Inner) {
        self.inner = inner
    }

    deinit {
        inner.dispose()
    }

    /// Whether the wrapped disposable has been disposed.
    public var isDisposed: Bool { inner.isDisposed }

    /// Disposes the wrapped disposable now.
    public func dispose() { inner.dispose() }
}

extension ScopedDisposable where Inner == AnyDisposable {
    /// Wraps a disposable of any type, to be disposed when this object is
    /// deinitialised.
    ///
    /// ```swift
    /// let subscription = ScopedDisposable(viewModel.title.signal.observeValues { print($0) }!)
    /// ```
    public convenience init(_ disposable: any Disposable) {
        self.init(AnyDisposable(disposable))
    }
}

extension ScopedDisposable where Inner == CompositeDisposable {
    /// Adds `disposable` to the wrapped composite.
    @discardableResult
    public static func += (scoped: ScopedDisposable<CompositeDisposable>, disposable: (any Disposable)?) -> (any Disposable)? {
        scoped.inner.add(disposable)
    }

    /// Adds a closure to run when the wrapped composite is disposed.
    @discardableResult
    public static func += (scoped: ScopedDisposable<CompositeDisposable>, action: @escaping () -> Void) -> (any Disposable)? {
        scoped.inner.add(action)
    }
}
