import Ripple
import RippleTerminal

// PackageSearchScreen: the sample app's screen. It only builds views and binds them
// to the ViewModel; every behaviour lives in `PackageSearchViewModel`.
//
//     ┌ Packages on this machine ───────────────────────────────┐
//     │Search: query________________________  [ Reload ] |      │
//     │12 of 707 packages                                       │
//     │name                     version            summary     │
//     │…                                                        │
//     │details of the selected package                          │
//     │Tab: next · ↑↓: select · Esc: clear · Ctrl-C: quit       │
//     └─────────────────────────────────────────────────────────┘
//
// Esc clears the search from anywhere on the screen.

/// The sample app's one screen: a search field with a live count, the matching
/// packages, the selected one's details, and a reload button with a spinner.
@MainActor
public final class PackageSearchScreen: View {
    /// The search field.
    public let field = TextField(placeholder: "type to search")
    /// The list of matching packages.
    public let list: ListView<Package, PackageRowView>
    /// The button bound to `reload`.
    public let reloadButton = Button(title: "Reload")
    /// Spins while the packages load.
    public let spinner: ActivityIndicator

    private let viewModel: PackageSearchViewModel

    /// The screen of `viewModel`; the spinner animates on `scheduler` (the main
    /// queue in the app, a `TestScheduler` in tests).
    public init(viewModel: PackageSearchViewModel, scheduler: any DateScheduler = QueueScheduler.main) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        list = ListView(placeholder: "No matching packages", makeRow: PackageRowView.init) { row, package in
            row.show(package)
        }
        super.init()

        let summary = Label()
        let message = Label(style: Style(foreground: .red, attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 3))
        let details = Label(style: Style(attributes: .dim))
        let help = Label("Tab: next · ↑↓: select · Esc: clear · Ctrl-C: quit", style: Style(attributes: .dim))
        field.sizing = .flexible
        list.sizing = .flexible
        let searchBar = Stack(.horizontal, spacing: 1, [Label("Search:"), field, reloadButton, spinner])
        addSubview(Border(title: "Packages on this machine",
                          Stack(.vertical, [searchBar, summary, list, message, details, help])))

        viewModel.query <~ field.reactive.continuousTextValues
        list.reactive.items <~ viewModel.results
        viewModel.selection <~ Signal.merge(list.reactive.selections, list.reactive.activations).map { Optional($0) }
        summary.reactive.text <~ viewModel.summary
        details.reactive.text <~ viewModel.details
        message.reactive.text <~ viewModel.message.map { $0 ?? "" }
        message.reactive.isHidden <~ viewModel.message.map { $0 == nil }
        reloadButton.reactive.pressed = CocoaAction(viewModel.reload)
        spinner.reactive.isAnimating <~ viewModel.reload.isExecuting
    }

    /// Esc clears the search.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.key == .escape, event.modifiers.isEmpty else { return false }
        field.text = ""
        viewModel.query.value = ""
        return true
    }
}
