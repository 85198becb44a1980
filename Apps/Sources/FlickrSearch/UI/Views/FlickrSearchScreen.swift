import AppImages
import FlickrSearchCore
import Ripple
import RippleTerminal

// FlickrSearchScreen: the whole app as the launcher shows it: a navigation stack
// whose root is the search screen, the results pushed over it, and the alerts over
// both. The ViewModel decides navigation: the stack pushes a results screen when
// `shownResults` gets a ViewModel and pops when it gets `nil`, and never goes back
// by itself — Esc or "‹ Back" on the results is the ViewModel's `back()` input. Esc
// on the search screen, with nothing to go back from, reaches the launcher.
//
// Bindings: push / pop <~ shownResults; viewModel.back() <~ the stack's back
// requests; alerts <~ connectionErrors.

/// The Flickr search app's screen: the search, the results it leads to, and the
/// alerts.
@MainActor
public final class FlickrSearchScreen: View {
    /// The stack: the search at its root, the results pushed over it.
    public let navigation: NavigationStack
    /// The search screen.
    public let search: SearchView
    /// The alerts of failed searches.
    public let alerts = AlertPresenter()
    /// The ViewModel shown (kept alive by the screen).
    public let viewModel: FlickrSearchViewModel

    /// The app's screen over `viewModel`, its thumbnails from `thumbnails`
    /// (placeholders when `nil`); its spinner turns on `scheduler`.
    public init(viewModel: FlickrSearchViewModel, thumbnails: ImageLoader?, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        search = SearchView(viewModel: viewModel, thumbnails: thumbnails, scheduler: scheduler)
        navigation = NavigationStack(root: search)
        super.init()
        navigationItem.title = viewModel.title
        navigation.goesBackByItself = false
        let host = OverlayHost(navigation)
        host.addOverlay(alerts, placement: .center)
        addSubview(host)

        let showResults = navigation.reactive.makeBindingTarget(on: MainActorScheduler()) {
            (stack, results: SearchResultsViewModel?) in
            if stack.canPop { stack.pop() }
            if let results { stack.push(ResultsView(viewModel: results, thumbnails: thumbnails)) }
        }
        showResults <~ viewModel.shownResults.signal
        navigation.reactive.backRequests.observeValues { [viewModel] in viewModel.back() }
        alerts.reactive.present <~ viewModel.connectionErrors.map { alert in
            AlertContent(title: alert.title, message: alert.message, buttons: [AlertButton(alert.button)])
        }
    }

    /// The results screen on top of the stack, if the results show.
    public var resultsView: ResultsView? {
        navigation.topScreen as? ResultsView
    }
}
