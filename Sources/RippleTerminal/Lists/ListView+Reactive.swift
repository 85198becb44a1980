import Ripple

// ListView's reactive extensions: targets for the items, the sections and the
// selection, and signals of what the user selects and activates.
//
// They are declared on `ListViewProtocol`, which every `ListView<Item, Row>`
// conforms to, because an extension cannot name the generic class without fixing
// its parameters.

/// A ``ListView`` of any item and row type: what `list.reactive` extensions are
/// declared on.
@MainActor
public protocol ListViewProtocol<Item>: Control {
    /// The type of the items listed.
    associatedtype Item: Identifiable
    /// The type of the rows that show them.
    associatedtype Row: ListRow

    /// The list itself.
    var listView: ListView<Item, Row> { get }
}

/// The binding targets and value streams of a list.
extension Reactive where Base: ListViewProtocol {
    /// Shows the items in one section with no header, applied by `id` (see
    /// ``ListView/apply(_:)``).
    public var items: BindingTarget<[Base.Item]> {
        makeBindingTarget(on: MainActorScheduler()) { $0.listView.items = $1 }
    }

    /// Shows the sections, applied by item `id` (see ``ListView/apply(_:)``).
    public var sections: BindingTarget<[ListSection<Base.Item>]> {
        makeBindingTarget(on: MainActorScheduler()) { $0.listView.sections = $1 }
    }

    /// Selects the item with the `id` (and scrolls to it), or nothing for `nil` or
    /// an `id` the list does not hold; sends nothing on `selections`.
    public var selectedID: BindingTarget<Base.Item.ID?> {
        makeBindingTarget(on: MainActorScheduler()) { $0.listView.selectItem(withID: $1) }
    }

    /// The item each time the user selects one — Up, Down, PageUp, PageDown, Home,
    /// End, or a click — UIKit's `didHighlight`, or a focus update on tvOS. Not
    /// sent for a selection made by code or kept through an update. Completes when
    /// the list is deinitialised.
    @MainActor
    public var selections: Signal<Base.Item, Never> {
        base.listView.selections
    }

    /// The selected item each time the user activates it — Enter, or a click on
    /// the selected row — UIKit's `tableView(_:didSelectRowAt:)`, AppKit's
    /// `doubleAction`. Completes when the list is deinitialised.
    @MainActor
    public var activations: Signal<Base.Item, Never> {
        base.listView.activations
    }
}
