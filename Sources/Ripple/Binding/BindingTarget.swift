#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What can be the target of a binding (`target <~ source`).
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
    public init(on scheduler: some Scheduler, lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.init(lifetime: lifetime) { value in
            _ = scheduler.schedule {
                guard !lifetime.hasEnded else { return }
                action(value)
            }
        }
    }

    /// A target that sets `object[keyPath: keyPath]` to every value on `scheduler`,
    /// until `lifetime` ends. `object` is held weakly: once it is gone, values are
    /// dropped.
    public init<Object: AnyObject>(
        on scheduler: some Scheduler = ImmediateScheduler(),
        lifetime: Lifetime,
        object: Object,
        keyPath: ReferenceWritableKeyPath<Object, Value>
    ) {
        self.init(on: scheduler, lifetime: lifetime) { [weak object] value in
            object?[keyPath: keyPath] = value
        }
    }

    /// The target itself.
    public var bindingTarget: BindingTarget<Value> {
        self
    }
}
