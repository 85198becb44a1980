// Reactive: the `reactive` namespace of an object, where its binding targets live.
//
//     label.reactive[\.text] <~ viewModel.title        (title) -a-b-…  →  label.text = title, a, b, …
//     label.reactive.text <~ viewModel.title           (a target declared in `extension Reactive`)
//
// A target made here holds its object weakly: a binding never keeps the object
// alive. When the object is gone, the binding ends and releases its source and
// everything it holds — at once, at the object's deinit, if the object is a
// ``LifetimeProvider``; otherwise when the next value arrives and finds the object
// gone. Values are applied on the thread that sends them unless a scheduler is
// given, except for main-actor state: a key path to a `@MainActor` property, and
// a `@MainActor` action, are applied on the main actor (at once on the main
// thread, through the main queue otherwise), never off it.

/// A class whose instances have a ``Reactive`` namespace, `object.reactive`, with
/// binding targets for their properties.
///
/// ```swift
/// final class Label: ReactiveExtensionsProvider {
///     var text: String?
/// }
/// label.reactive[\.text] <~ viewModel.title
/// ```
///
/// Conform to ``LifetimeProvider`` as well, so that bindings end as soon as the
/// object is deinitialised rather than at the next value.
///
/// Does not require Sendable: any class may have a namespace, isolated or not.
public protocol ReactiveExtensionsProvider: AnyObject {}

extension ReactiveExtensionsProvider {
    /// The reactive namespace of this object: its binding targets.
    public var reactive: Reactive<Self> {
        Reactive(self)
    }

    /// The reactive namespace of this type, for extensions on the type itself.
    public static var reactive: Reactive<Self>.Type {
        Reactive<Self>.self
    }
}

/// The reactive namespace of `base`, where binding targets and other reactive
/// extensions of a type are declared.
///
/// Declare a named target in an extension:
///
/// ```swift
/// extension Reactive where Base: Label {
///     /// Sets the label's text.
///     var text: BindingTarget<String?> {
///         makeBindingTarget { label, text in label.text = text }
///     }
/// }
/// label.reactive.text <~ viewModel.title
/// ```
///
/// A namespace is a short-lived view: it holds `base` strongly, but the targets it
/// makes hold it weakly.
public struct Reactive<Base> {
    /// The object the namespace belongs to.
    public let base: Base

    /// Creates the namespace of `base`; `base.reactive` is the usual spelling.
    public init(_ base: Base) {
        self.base = base
    }
}

// Checked, conditional: the namespace is its `base` (a `@MainActor` class is Sendable).
extension Reactive: Sendable where Base: Sendable {}

extension Reactive where Base: AnyObject {
    /// A binding target that calls `action` with the object and every value, on
    /// `scheduler`, for as long as the object lives.
    ///
    /// The target holds the object weakly. If the object is a ``LifetimeProvider``,
    /// the target's lifetime is the object's, so a binding ends when the object is
    /// deinitialised. (This is checked when the target is made, with a dynamic
    /// cast; a `@MainActor LifetimeProvider` conformance counts when the target is
    /// made on the main actor.) Otherwise the target has a lifetime of its own,
    /// which ends as soon as a value finds the object gone: that value is dropped,
    /// and the binding ends and releases its source. (Swift on Linux has no way to
    /// run code when an arbitrary object is deinitialised — no associated
    /// objects — so only the object's own `deinit` can end the lifetime at once:
    /// that is what ``LifetimeProvider`` is for.)
    ///
    /// `action` is `@Sendable`: the source may send from any thread, and the
    /// default scheduler, ``ImmediateScheduler``, applies each value synchronously
    /// on the thread that sends it. So the compiler refuses an `action` that
    /// touches main-actor state — for a `@MainActor` type, use the
    /// `makeBindingTarget(on: MainActorScheduler())` or `(on: UIScheduler())`
    /// form, whose `action` is a `@MainActor` closure. On a scheduler that defers
    /// work, a value whose turn comes after the lifetime has ended is dropped.
    ///
    /// ```swift
    /// extension Reactive where Base: Label {      // Label: a plain class
    ///     var text: BindingTarget<String?> {
    ///         makeBindingTarget { $0.text = $1 }
    ///     }
    /// }
    /// ```
    ///
    /// Disfavoured, so that a closure literal given with `on: MainActorScheduler()`
    /// or `on: UIScheduler()` is a `@MainActor` closure (the forms below).
    @_disfavoredOverload
    public func makeBindingTarget<Value>(
        on scheduler: some Scheduler = ImmediateScheduler(),
        _ action: @escaping @Sendable (Base, Value) -> Void
    ) -> BindingTarget<Value> {
        target(on: scheduler, action)
    }

    /// The target of every `makeBindingTarget` form and key-path subscript.
    private func target<Value>(on scheduler: some Scheduler, _ action: @escaping (Base, Value) -> Void) -> BindingTarget<Value> {
        if let owner = base as? any LifetimeProvider {
            return BindingTarget(on: scheduler, lifetime: owner.lifetime) { [weak base] value in
                // Only nil while `base` is being deinitialised; its lifetime is ending.
                guard let base else { return }
                action(base, value)
            }
        }
        let (lifetime, token) = Lifetime.make()
        return BindingTarget(on: scheduler, lifetime: lifetime) { [weak base] value in
            guard let base else {
                token.dispose()
                return
            }
            action(base, value)
        }
    }

    /// A binding target that applies `action` to the object and every value on the
    /// main actor, for as long as the object lives: the form for UI objects, whose
    /// state belongs to the main actor.
    ///
    /// `action` is a `@MainActor` closure, so a target declared in a nonisolated
    /// extension may set main-actor properties of a `@MainActor` control:
    ///
    /// ```swift
    /// extension Reactive where Base: Button {          // Button is @MainActor
    ///     var title: BindingTarget<String?> {
    ///         makeBindingTarget(on: MainActorScheduler()) { $0.title = $1 }
    ///     }
    /// }
    /// ```
    ///
    /// Values are applied as ``MainActorScheduler`` runs work: at once when sent on
    /// the main thread with nothing waiting, otherwise through the main queue.
    public func makeBindingTarget<Value>(
        on scheduler: MainActorScheduler,
        _ action: @escaping @MainActor (Base, Value) -> Void
    ) -> BindingTarget<Value> {
        mainActorTarget(on: scheduler, action)
    }

    /// A binding target that applies `action` to the object and every value on the
    /// main thread, for as long as the object lives; the ReactiveCocoa spelling of
    /// `makeBindingTarget(on: MainActorScheduler())`, with the same
    /// `@MainActor` closure and the same order of work.
    public func makeBindingTarget<Value>(
        on scheduler: UIScheduler,
        _ action: @escaping @MainActor (Base, Value) -> Void
    ) -> BindingTarget<Value> {
        mainActorTarget(on: scheduler, action)
    }

    /// The target of the `@MainActor` forms: `scheduler` runs work on the main
    /// thread, so `action` runs under `MainActor.assumeIsolated`.
    private func mainActorTarget<Value>(
        on scheduler: some Scheduler,
        _ action: @escaping @MainActor (Base, Value) -> Void
    ) -> BindingTarget<Value> {
        target(on: scheduler) { base, value in
            // Already on the main actor (the scheduler runs work there, which
            // `assumeIsolated` checks): nothing crosses an isolation boundary.
            let arguments = MainActorArguments(base: base, value: value)
            MainActor.assumeIsolated { action(arguments.base, arguments.value) }
        }
    }

    /// A binding target that sets the property at `keyPath` of the object to every
    /// value, for as long as the object lives; values are applied on the thread
    /// that sends them.
    ///
    /// ```swift
    /// label.reactive[\.text] <~ viewModel.title
    /// ```
    ///
    /// This form takes key paths that may be used on any thread: to properties
    /// that are not isolated to an actor. A key path to a `@MainActor` property is
    /// not `Sendable`, so it picks the `@MainActor` form of this subscript, which
    /// applies values on the main actor. The object is held weakly; see
    /// ``makeBindingTarget(on:_:)-(Scheduler,_)`` for when the binding ends.
    public subscript<Value>(keyPath: ReferenceWritableKeyPath<Base, Value> & Sendable) -> BindingTarget<Value> {
        makeBindingTarget { base, value in base[keyPath: keyPath] = value }
    }

    /// A binding target that sets the property at `keyPath` of the object to every
    /// value on `scheduler`, for as long as the object lives.
    ///
    /// ```swift
    /// label.reactive[\.text, on: QueueScheduler.main] <~ viewModel.title
    /// ```
    ///
    /// A value whose turn on the scheduler comes after the binding has ended is
    /// dropped; see ``makeBindingTarget(on:_:)-(Scheduler,_)``.
    public subscript<Value, S: Scheduler>(
        keyPath: ReferenceWritableKeyPath<Base, Value> & Sendable,
        on scheduler: S
    ) -> BindingTarget<Value> {
        makeBindingTarget(on: scheduler) { base, value in base[keyPath: keyPath] = value }
    }

    /// A binding target that sets the property at `keyPath` of the object to every
    /// value on the main thread, through `scheduler`, for as long as the object
    /// lives.
    ///
    /// The generic form, specialised for the main-thread schedulers so that a
    /// `Sendable` key path given with one of them does not also match the
    /// `@MainActor` forms below.
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value> & Sendable,
        on scheduler: UIScheduler
    ) -> BindingTarget<Value> {
        target(on: scheduler) { base, value in base[keyPath: keyPath] = value }
    }

    /// A binding target that sets the property at `keyPath` of the object to every
    /// value on the main actor, through `scheduler`, for as long as the object
    /// lives; see the `UIScheduler` form above.
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value> & Sendable,
        on scheduler: MainActorScheduler
    ) -> BindingTarget<Value> {
        target(on: scheduler) { base, value in base[keyPath: keyPath] = value }
    }

    /// A binding target that sets a main-actor property of the object to every
    /// value, on the main actor, for as long as the object lives: the form that
    /// `view.reactive[\.text]` picks when `text` is isolated to the main actor.
    ///
    /// ```swift
    /// @MainActor final class SearchView: ReactiveExtensionsProvider { var text = "" }
    /// view.reactive[\.text] <~ viewModel.title   // set on the main actor, whatever thread sends
    /// ```
    ///
    /// Values are applied as ``MainActorScheduler`` and ReactiveCocoa's UI
    /// scheduler apply them: at once when sent on the main thread with nothing
    /// waiting, otherwise through the main queue. Swift forms a key path to an
    /// isolated property only inside its actor, and such a key path is not
    /// `Sendable`, so this form is `@MainActor`; a key path to a property of
    /// another global actor is refused at compile time.
    @MainActor
    public subscript<Value>(keyPath: ReferenceWritableKeyPath<Base, Value>) -> BindingTarget<Value> {
        mainActorKeyPathTarget(keyPath, on: MainActorScheduler())
    }

    /// A binding target that sets a main-actor property of the object to every
    /// value on the main actor, for as long as the object lives;
    /// `view.reactive[\.text, on: MainActorScheduler()]` spells out the default
    /// of the `@MainActor` key-path subscript above.
    @MainActor
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value>,
        on scheduler: MainActorScheduler
    ) -> BindingTarget<Value> {
        mainActorKeyPathTarget(keyPath, on: scheduler)
    }

    /// A binding target that sets a main-actor property of the object to every
    /// value on the main thread, for as long as the object lives: the
    /// ReactiveCocoa spelling, `view.reactive[\.text, on: UIScheduler()]`.
    @MainActor
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value>,
        on scheduler: UIScheduler
    ) -> BindingTarget<Value> {
        mainActorKeyPathTarget(keyPath, on: scheduler)
    }

    /// The target of the `@MainActor` key-path subscripts.
    @MainActor
    private func mainActorKeyPathTarget<Value>(
        _ keyPath: ReferenceWritableKeyPath<Base, Value>,
        on scheduler: some Scheduler
    ) -> BindingTarget<Value> {
        // The key path is used only on the main actor, where it was formed.
        let keyPath = MainActorKeyPath(keyPath)
        return mainActorTarget(on: scheduler) { base, value in base[keyPath: keyPath.keyPath] = value }
    }
}

extension Reactive where Base: LifetimeProvider {
    /// The object's lifetime: it ends when the object is deinitialised.
    public var lifetime: Lifetime {
        base.lifetime
    }
}

/// A key path that is not `Sendable` (it reaches main-actor state), formed on the
/// main actor and used only there by a binding target's `@MainActor` action.
private struct MainActorKeyPath<Base, Value>: @unchecked Sendable {  // formed and used on the main actor only
    let keyPath: ReferenceWritableKeyPath<Base, Value>

    init(_ keyPath: ReferenceWritableKeyPath<Base, Value>) {
        self.keyPath = keyPath
    }
}

/// The arguments of a `@MainActor` binding action, handed to the main actor by code
/// that already runs on it.
private struct MainActorArguments<Base, Value>: @unchecked Sendable {  // built and read on the main actor, within one call
    let base: Base
    let value: Value
}
