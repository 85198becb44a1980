// BindingTarget: the receiving end of `target <~ source` — what to do with each
// value, and for how long.
//
//     source    -a-b-c-d-|
//     applied   -a-b|          (the target's lifetime ends between b and c)
//
// A target applies values on the sending thread, or on a scheduler; a value still
// waiting on the scheduler when the lifetime ends is dropped. Objects make targets
// through their `reactive` namespace (see Reactive.swift) or a key path
// (`BindingTarget(lifetime:object:keyPath:)`), properties and actions are targets
// themselves, and an optional target is one too (`nil`: a binding over at once).

/// What can be the target of a binding (`target <~ source`).
///
/// Does not require Sendable: ``BindingTarget`` is not; the Sendable conformers
/// (properties, actions) declare it themselves.
public protocol BindingTargetProvider<Value> {
    /// The type of the values the target accepts.
    associatedtype Value

    /// The target: what to do with each value, and how long to keep doing it.
    var bindingTarget: BindingTarget<Value> { get }
}

/// The receiving end of a binding: an action applied to every value of the source,
/// for as long as a lifetime lasts.
///
/// ```swift
/// let title = BindingTarget<String>(on: UIScheduler(), lifetime: screen.lifetime) { label.text = $0 }
/// title <~ viewModel.title
/// ```
///
/// Not Sendable, deliberately: it holds a plain closure (often main-actor code), so
/// make it where the binding is formed.
public struct BindingTarget<Value>: BindingTargetProvider {
    /// The binding ends when this lifetime ends.
    public let lifetime: Lifetime

    /// Applied to every value of the source.
    public let action: (Value) -> Void

    /// A target that applies `action` to every value, on the thread that sends it,
    /// until `lifetime` ends.
    public init(lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.lifetime = lifetime
        self.action = action
    }

    /// A target that applies `action` to every value on `scheduler`, until
    /// `lifetime` ends. A value still waiting on the scheduler when the lifetime
    /// ends is dropped.
    ///
    /// On ``ImmediateScheduler`` this is the same as ``init(lifetime:action:)``.
    public init(on scheduler: some Scheduler, lifetime: Lifetime, action: @escaping (Value) -> Void) {
        if scheduler is ImmediateScheduler {
            self.init(lifetime: lifetime, action: action)
            return
        }
        self.init(lifetime: lifetime) { value in
            scheduler.schedule {
                guard !lifetime.hasEnded else { return }
                action(value)
            }
        }
    }

    /// A target that sets the property at `keyPath` of `object` to every value, on
    /// the thread that sends it, until `lifetime` ends. The object is held weakly:
    /// once it is gone, values are dropped.
    ///
    /// ```swift
    /// let progress = BindingTarget(lifetime: screen.lifetime, object: bar, keyPath: \.fraction)
    /// progress <~ download.progress
    /// ```
    ///
    /// The key path must be `Sendable`, which a key path to main-actor state is not:
    /// bind such a property through its object's `reactive` namespace
    /// (`view.reactive[\.text]`), which sets it on the main actor.
    public init<Object: AnyObject>(
        lifetime: Lifetime,
        object: Object,
        keyPath: WritableKeyPath<Object, Value> & Sendable
    ) {
        self.init(lifetime: lifetime) { [weak object] value in object?[keyPath: keyPath] = value }
    }

    /// A target that sets the property at `keyPath` of `object` to every value on
    /// `scheduler`, until `lifetime` ends. The object is held weakly; a value still
    /// waiting on the scheduler when the lifetime ends, or when the object is gone,
    /// is dropped.
    public init<Object: AnyObject>(
        on scheduler: some Scheduler,
        lifetime: Lifetime,
        object: Object,
        keyPath: WritableKeyPath<Object, Value> & Sendable
    ) {
        self.init(on: scheduler, lifetime: lifetime) { [weak object] value in object?[keyPath: keyPath] = value }
    }

    /// The target itself.
    public var bindingTarget: BindingTarget<Value> {
        self
    }
}

/// An optional target is a target: `target <~ source` with a `nil` target is a
/// binding that is over at once, which never starts `source` and returns `nil`.
///
/// ```swift
/// weak var screen: Screen?
/// screen?.reactive[\.title] <~ viewModel.title   // nothing happens once `screen` is gone
/// ```
extension Optional: BindingTargetProvider where Wrapped: BindingTargetProvider {
    /// The wrapped target, or one whose lifetime has already ended.
    public var bindingTarget: BindingTarget<Wrapped.Value> {
        self?.bindingTarget ?? BindingTarget(lifetime: .empty) { _ in }
    }
}
