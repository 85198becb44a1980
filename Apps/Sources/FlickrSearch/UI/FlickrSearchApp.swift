import AppClients
import AppImages
import FlickrSearchCore
import Foundation
import Ripple
import RippleTerminal
import SeedApp

// FlickrSearchApp: seed 004 as the launcher opens it. `makeScreen(environment:)`
// builds the HTTP client from the launcher's environment (the services' URL, the
// API key and the recent searches in their data directory);
// `makeScreen(search:metadata:store:scheduler:)` takes any implementation of the
// services, for tests and other hosts.

/// Flickr Search (seed 004, "MVVM part 2"): search photos, see the recent searches,
/// and open the results, whose rows fetch their counts once they stay on screen.
///
/// ```swift
/// let screen = FlickrSearchApp().makeScreen(environment: SeedAppEnvironment(
///     servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main))
/// ```
public struct FlickrSearchApp: SeedApp {
    /// The app.
    public init() {}

    /// `"Flickr Search"`.
    public var title: String { FlickrSearchViewModel.title }

    /// The screen, calling the services at `environment.servicesURL` with the API
    /// key in `environment.dataDirectory`, and keeping the recent searches there
    /// (in memory for this run when there is no data directory).
    public func makeScreen(environment: SeedAppEnvironment) -> View {
        let client = FlickrClient(
            baseURL: environment.servicesURL,
            key: environment.dataDirectory.flatMap(FlickrAppKey.read(fromDirectory:)),
            scheduler: environment.scheduler
        )
        let store: any RecentSearchStore = environment.dataDirectory.map { RecentSearchFile(directory: $0, imageBase: environment.servicesURL) }
            ?? RecentSearchesInMemory()
        let thumbnails = ImageLoader(
            connection: ServiceConnection(baseURL: environment.servicesURL, scheduler: environment.scheduler),
            decodeScheduler: QueueScheduler(name: "flickr-search-thumbnails"))
        return Self.makeScreen(search: client, metadata: client, store: store, thumbnails: thumbnails,
                               scheduler: environment.scheduler)
    }

    /// The screen over `search`, `metadata` and `store`, its thumbnails from
    /// `thumbnails` (placeholders when `nil`), its ViewModels' time and spinner on
    /// `scheduler`.
    public static func makeScreen(
        search: some FlickrSearchService,
        metadata: some FlickrMetadataService,
        store: some RecentSearchStore,
        thumbnails: ImageLoader?,
        scheduler: some DateScheduler
    ) -> FlickrSearchScreen {
        let viewModel = FlickrSearchViewModel(search: search, metadata: metadata, store: store, scheduler: scheduler)
        return FlickrSearchScreen(viewModel: viewModel, thumbnails: thumbnails, scheduler: scheduler)
    }
}

extension FlickrSearchApp {
    /// Searches as a person would try the app: a word, the results with their
    /// counts, back to the search with the word in the recent searches.
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        [
            WalkthroughStep("Type “flower” and press Enter: the spinner, then the results pushed over the search") { terminal in
                terminal.type("flower")
                await Self.searchUntilTheResultsShow(on: terminal)
            },
            WalkthroughStep("Stay a second: each row on screen fetches its favourites and comments") { terminal in
                await terminal.waitUntilScreen(timeout: .seconds(5)) { _ in
                    guard let results = terminal.firstView(ofType: FlickrSearchScreen.self)?.resultsView else { return true }
                    let shown = results.list.indexPathsForVisibleRows.map { results.list.item(at: $0) }
                    return shown.allSatisfy { $0.favourites.value != nil }
                }
            },
            WalkthroughStep("Esc: back to the search, “flower” on top of the recent searches") { terminal in
                terminal.press(.escape)
                await terminal.waitUntilScreen(timeout: .seconds(5)) { _ in
                    terminal.firstView(ofType: FlickrSearchScreen.self)?.resultsView == nil
                }
            },
        ]
    }

    /// Presses Enter in the field until the results show: on a first start the photo
    /// service answers "not ready" while it imports, and the app's alert says so;
    /// the alert is answered and the search sent again a second later (a minute at
    /// most).
    @MainActor
    static func searchUntilTheResultsShow(on terminal: VirtualTerminal) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(60))
        while clock.now < deadline {
            terminal.press(.enter)
            await terminal.waitUntilScreen(timeout: .seconds(15)) { _ in
                guard let screen = terminal.firstView(ofType: FlickrSearchScreen.self) else { return true }
                return screen.resultsView != nil || screen.alerts.alert != nil
            }
            guard let screen = terminal.firstView(ofType: FlickrSearchScreen.self), screen.alerts.alert != nil else { return }
            terminal.press(.enter)
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
