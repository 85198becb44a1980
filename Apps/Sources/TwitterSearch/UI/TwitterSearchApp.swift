import Ripple
import RippleTerminal
import SeedApp
import TwitterSearchCore

// TwitterSearchApp: seed 000 as the launcher opens it. `makeScreen(environment:)`
// builds the HTTP client from the launcher's environment (the services' URL, the
// app credentials in their data directory); `makeScreen(client:scheduler:)` takes
// any implementation of the services, for tests and other hosts.

/// Twitter Search (seed 000): search-as-you-type over the local tweet service.
///
/// ```swift
/// let screen = TwitterSearchApp().makeScreen(environment: SeedAppEnvironment(
///     servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main))
/// ```
public struct TwitterSearchApp: SeedApp {
    /// The app.
    public init() {}

    /// `"Twitter Search"`.
    public var title: String { TwitterSearchScreen.title }

    /// The screen, talking to the services at `environment.servicesURL` with the
    /// credentials in `environment.dataDirectory` (none: the screen says "No Twitter
    /// account").
    public func makeScreen(environment: SeedAppEnvironment) -> View {
        let client = TwitterClient(
            baseURL: environment.servicesURL,
            credentials: environment.dataDirectory.flatMap(TwitterAppKey.read(fromDirectory:))
        )
        return Self.makeScreen(client: client, scheduler: environment.scheduler)
    }

    /// The screen over `client`, its ViewModel's time and spinner on `scheduler`.
    public static func makeScreen(
        client: some TwitterSearchService & AvatarService,
        scheduler: some DateScheduler
    ) -> TwitterSearchScreen {
        let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
        return TwitterSearchScreen(viewModel: viewModel, scheduler: scheduler)
    }
}

extension TwitterSearchApp {
    /// Searches as a person would try the app: a broad word, then a narrower
    /// phrase, then text too short to search, which clears the results. Each step
    /// waits for the search to end (the throttle lets one through a second).
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        [
            WalkthroughStep("Type “build”: a search within a second, the spinner while it runs, then the tweets") { terminal in
                terminal.type("build")
                await Self.waitForSearch(on: terminal)
            },
            WalkthroughStep("Type “ failure”: the latest text wins; the search in flight is cancelled") { terminal in
                terminal.type(" failure")
                await Self.waitForSearch(on: terminal)
            },
            WalkthroughStep("Erase to “bu” (3 characters or fewer): the results clear") { terminal in
                for _ in 0..<"ild failure".count { terminal.press(.backspace) }
                await Self.waitForSearch(on: terminal)
            },
        ]
    }

    /// Waits until the throttle has let the latest text through and no search runs.
    @MainActor
    static func waitForSearch(on terminal: VirtualTerminal) async {
        try? await Task.sleep(for: .seconds(TwitterSearchViewModel.searchThrottleTime) + .milliseconds(200))
        await terminal.waitUntilScreen(timeout: .seconds(15)) { _ in
            terminal.firstView(ofType: TwitterSearchScreen.self)?.viewModel.isSearching.value == false
        }
    }
}
