import Ripple

// ReusableView: a view that shows one item at a time and is reused for others — a
// list's row (`ListRow`) or a grid's cell (`GridCell`), UIKit's reusable cells.
//
// Its `reuseLifetime` is the current item's stint; bindings made for the item end
// with it. `reactive.untilReuse` binds into the view's subviews for the stint only:
// view targets apply values on the main actor, a turn later when other main-queue
// work is waiting, so besides ending with the stint the target checks it again when
// it applies, and a value for the old item still on its way is dropped instead of
// landing on the next item.

/// A view shown for one item at a time and reused for others: ``ListRow``,
/// ``GridCell``.
@MainActor
public protocol ReusableView: View {
    /// Ends when the view stops showing its current item (reused, scrolled away,
    /// its item deleted or changed, or the view deinitialised).
    var reuseLifetime: Lifetime { get }
}

/// Bindings that end when a reusable view is taken back for reuse.
extension Reactive where Base: ReusableView {
    /// A binding target that calls `action` with the view and each value, on the
    /// main actor, while the view shows its current item: the binding ends when the
    /// view is taken back for reuse, and a value still waiting for the main actor
    /// then is dropped rather than applied to the view's next item.
    ///
    /// ```swift
    /// row.reactive.untilReuse { row, count in row.favourites.text = "♥ \(count)" } <~ photo.favouriteCount
    /// ```
    @MainActor
    public func untilReuse<Value>(_ action: @escaping @MainActor (Base, Value) -> Void) -> BindingTarget<Value> {
        let reuseLifetime = base.reuseLifetime
        let target = makeBindingTarget(on: MainActorScheduler()) { (view: Base, value: Value) in
            guard !reuseLifetime.hasEnded else { return }
            action(view, value)
        }
        return BindingTarget(lifetime: reuseLifetime, action: target.action)
    }

    /// A binding target that sets the property at `keyPath` of the view — often of
    /// one of its subviews — while the view shows its current item, as the closure
    /// form does.
    ///
    /// ```swift
    /// row.reactive.untilReuse(\.title.text) <~ photo.title
    /// ```
    @MainActor
    public func untilReuse<Value>(_ keyPath: ReferenceWritableKeyPath<Base, Value>) -> BindingTarget<Value> {
        untilReuse { view, value in view[keyPath: keyPath] = value }
    }
}
