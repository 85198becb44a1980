// LifetimeProvider: an object that says when it is deinitialised.
//
//     final class ProfileView: LifetimeProvider {
//         @Lifetime.Owned var lifetime        (lifetime) ------|   ends in deinit
//     }
//
// Swift on Linux has no Objective-C associated objects, so a library cannot attach
// "run this at deinit" to an arbitrary object: the object has to cooperate. It
// does so by storing the token of its own lifetime. Stored properties are released
// when the object is deinitialised, and a released token ends its lifetime, so the
// lifetime ends during the object's deinit, on the thread that releases the last
// reference. Bindings to the object (`object.reactive[\.text] <~ source`) and
// `take(duringLifetimeOf: object)` then end at once, instead of at the next value.

/// An object whose ``lifetime`` ends when it is deinitialised.
///
/// Conform by storing the lifetime with ``Lifetime/Owned``, one line:
///
/// ```swift
/// final class ProfileView: ReactiveExtensionsProvider, LifetimeProvider {
///     @Lifetime.Owned var lifetime
///     var title: String?
/// }
/// view.reactive[\.title] <~ viewModel.title   // ends when `view` is deinitialised
/// ```
///
/// A `@MainActor` class conforms with `@MainActor LifetimeProvider` (the wrapped
/// property is isolated to the main actor); its targets then know its lifetime
/// when they are made on the main actor, which is where its key paths can be
/// formed. Where a property wrapper does not fit (a `Sendable` class, a
/// conformance usable from any isolation), store the pair that ``Lifetime/make()``
/// returns:
///
/// ```swift
/// @MainActor final class TitleView: ReactiveExtensionsProvider, LifetimeProvider {
///     nonisolated let lifetime: Lifetime
///     private let token: Lifetime.Token
///     init() { (lifetime, token) = Lifetime.make() }
/// }
/// ```
///
/// The lifetime must belong to the object: it must end, at the latest, when the
/// object is deinitialised. A lifetime that outlives the object only delays the end
/// of its bindings until the next value.
///
/// Does not require Sendable: a plain view class may conform (a `@MainActor` class
/// is Sendable anyway).
public protocol LifetimeProvider: AnyObject {
    /// Ends when the object is deinitialised (or earlier).
    var lifetime: Lifetime { get }
}

extension Lifetime {
    /// A lifetime owned by the object that stores it: it ends when that object is
    /// deinitialised.
    ///
    /// ```swift
    /// final class Screen: LifetimeProvider {
    ///     @Lifetime.Owned var lifetime
    /// }
    /// ```
    ///
    /// The wrapper keeps the lifetime's ``Lifetime/Token``; releasing the wrapper
    /// (which happens when the object that stores it is deinitialised) releases the
    /// token, and that ends the lifetime. Copies of the wrapper share the token, so
    /// the lifetime ends when the last copy is gone. Only the object should keep the
    /// wrapper (`_lifetime`); hand out the ``Lifetime`` itself.
    @propertyWrapper
    public struct Owned: Sendable {
        /// The lifetime; it ends when this wrapper, and every copy of it, is released.
        public let wrappedValue: Lifetime
        private let token: Token

        /// Creates a lifetime that ends when the object storing this wrapper is
        /// deinitialised.
        public init() {
            (wrappedValue, token) = Lifetime.make()
        }

        /// Ends the lifetime now, before the object is deinitialised: every binding
        /// and stream bounded by it ends.
        public func end() {
            token.dispose()
        }
    }
}
