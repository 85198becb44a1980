import Ripple
import RippleTerminal
import SeedApp

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
