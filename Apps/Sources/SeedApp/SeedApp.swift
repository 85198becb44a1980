import Foundation
import Ripple
import RippleTerminal

// SeedApp: what each seed app module offers the launcher (`ripple-apps`), so that
// the launcher lists and opens apps without knowing how each is built. An app
// module has one type conforming to `SeedApp`; the launcher gives it the
// environment (where the services answer, where their data lives, the scheduler
// for time) and shows the view it returns. Everything else (the app's client, its
// ViewModel, its screen) stays inside the module.
//
//     let apps: [any SeedApp] = [TwitterSearchApp(), …]
//     let screen = apps[0].makeScreen(environment: SeedAppEnvironment(
//         servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main))

/// What the launcher gives an app when it opens it.
public struct SeedAppEnvironment: Sendable {
    /// The local services' base URL, for example `http://127.0.0.1:41234`.
    public var servicesURL: URL
    /// The services' data directory (the tweet service's app credentials,
    /// `twitter-app.json`, live there); `nil` when the launcher does not know it
    /// (services elsewhere): the apps that need it then say what is missing.
    public var dataDirectory: URL?
    /// The scheduler of the apps' ViewModels and time-driven views: the main queue
    /// (`QueueScheduler.main`) in the launcher, a `TestScheduler` in tests. It must
    /// run its work on the main actor.
    public var scheduler: any DateScheduler

    /// An environment made of its parts.
    public init(servicesURL: URL, dataDirectory: URL?, scheduler: any DateScheduler) {
        self.servicesURL = servicesURL
        self.dataDirectory = dataDirectory
        self.scheduler = scheduler
    }
}

/// A seed app as the launcher sees it: a title for the menu, and a screen.
///
/// ```swift
/// public struct TwitterSearchApp: SeedApp {
///     public var title: String { "Twitter Search" }
///     public func makeScreen(environment: SeedAppEnvironment) -> View { … }
/// }
/// ```
@MainActor
public protocol SeedApp {
    /// The app's name in the menu: `"Twitter Search"`.
    var title: String { get }

    /// A new screen of the app, with its ViewModel and clients, ready to show. The
    /// screen keeps what it needs alive; dropping it ends the app (its bindings,
    /// timers and requests in flight end with it).
    func makeScreen(environment: SeedAppEnvironment) -> View
}
