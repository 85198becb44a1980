import Ripple

// NavigationItem: what a screen shows in a navigation stack's bar — its title and
// optional bar items — as UIKit's `navigationItem`.
//
// Every view has one (`View.navigationItem`, made on first use), so any view can be
// pushed or presented and name itself. The item belongs to its view: bindings into it
// end when the view (and with it the item) is deinitialised. A change to the item
// sends on an internal signal; the bar showing it (or the border of a presented
// panel) observes that signal while the item's screen is on top, and redraws.

/// The title and bar items of a screen: what a ``NavigationStack``'s bar shows while
/// the screen is on top.
///
/// ```swift
/// let gallery = GalleryView(viewModel)
/// gallery.navigationItem.title = "Popular on 500px"
/// gallery.navigationItem.rightBarItem = logIn       // a Button
/// results.navigationItem.reactive.title <~ viewModel.searchText
/// login.navigationItem.closeTitle = "Cancel"        // presented as a sheet
/// ```
@MainActor
public final class NavigationItem: ReactiveExtensionsProvider, LifetimeProvider {
    /// Ends when the item (with its view) is deinitialised, ending the bindings into
    /// it.
    public nonisolated let lifetime: Lifetime
    private let lifetimeToken: Lifetime.Token
    private let changes = Signal<Void, Never>.pipe()

    /// The title shown centred in the bar; empty for none.
    public var title = "" {
        didSet { if title != oldValue { changes.input.send(value: ()) } }
    }

    /// What the bar of a screen presented as a sheet offers at its left to close it
    /// (clicked, or Esc, it goes back as "‹ Back" does): "Done" unless the screen
    /// says otherwise ("Cancel"); empty for nothing.
    public var closeTitle = "Done" {
        didSet { if closeTitle != oldValue { changes.input.send(value: ()) } }
    }

    /// A view shown at the bar's left instead of the "‹ Back" hint (or the close
    /// title), such as a "Cancel" button; `nil` for none.
    public var leftBarItem: View? {
        didSet { if leftBarItem !== oldValue { changes.input.send(value: ()) } }
    }

    /// A view shown at the bar's right, such as a "Log In" button; `nil` for none.
    public var rightBarItem: View? {
        didSet { if rightBarItem !== oldValue { changes.input.send(value: ()) } }
    }

    /// An item with no title and no bar items.
    public init() {
        (lifetime, lifetimeToken) = Lifetime.make()
        let observer = changes.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// A value after each change of the title or of a bar item; completes when the
    /// item is deinitialised.
    var changed: Signal<Void, Never> {
        changes.output
    }
}

/// The binding targets of a navigation item.
extension Reactive where Base: NavigationItem {
    /// Sets the title; the bar showing the item updates.
    public var title: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.title = $1 }
    }

    /// Sets the close title of a screen presented as a sheet; the bar updates.
    public var closeTitle: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.closeTitle = $1 }
    }
}
