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

    /// The app's scripted walkthrough over `environment` (see ``WalkthroughStep``):
    /// a short scenario a person would try first, run by the launcher on the screen
    /// `makeScreen(environment:)` returns. Empty by default.
    func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep]
}

// MARK: - Walkthroughs

/// One scripted step of an app's walkthrough: what it does, as a heading, and the
/// input that does it. The launcher runs an app's steps in order on a
/// `VirtualTerminal` (100 × 30) showing the app's screen, with the real services and
/// real time, and prints the screen after each step under its heading. This is how
/// `ripple-apps` shows every app working where nobody can type (a pipe, CI,
/// `TERM=dumb`, or `--walkthrough`).
///
/// A step drives the terminal like a person would (`type`, `press`), then waits for
/// the screen to show the outcome with ``VirtualTerminal/waitUntilScreen(contains:timeout:)``,
/// so that its screen is the settled result, not a frame in between:
///
/// ```swift
/// WalkthroughStep("Type “zlib”: one search a second, results as they arrive") { terminal in
///     terminal.type("zlib")
///     await terminal.waitUntilScreen(contains: "zlib", timeout: .seconds(10))
/// }
/// ```
public struct WalkthroughStep: Sendable {
    /// What the step shows, printed above its screen.
    public var heading: String
    /// The step's input and its wait for the outcome, on the main actor.
    public var perform: @MainActor @Sendable (VirtualTerminal) async -> Void

    /// A step titled `heading` that runs `perform`.
    public init(_ heading: String, perform: @escaping @MainActor @Sendable (VirtualTerminal) async -> Void) {
        self.heading = heading
        self.perform = perform
    }
}

extension SeedApp {
    /// No walkthrough: the launcher shows the app's first screen only.
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] { [] }
}

extension VirtualTerminal {
    /// Waits, in real time, until some row of the screen contains `text` or until
    /// `timeout` passes, letting the main queue run meanwhile; returns whether the
    /// text appeared. For walkthroughs, which run on real services and the main
    /// queue (tests use virtual time and `settle()` instead).
    @discardableResult
    public func waitUntilScreen(contains text: String, timeout: Duration = .seconds(10)) async -> Bool {
        await waitUntilScreen(timeout: timeout) { lines in lines.contains { $0.contains(text) } }
    }

    /// The first view of type `V` in the window's tree (depth first, in drawing
    /// order): a walkthrough step reads its app's screen (and its ViewModel) to
    /// know when the outcome it waits for has come.
    public func firstView<V: View>(ofType type: V.Type = V.self) -> V? {
        var pending: [View] = [window.root]
        while !pending.isEmpty {
            let view = pending.removeFirst()
            if let match = view as? V { return match }
            pending.insert(contentsOf: view.subviews, at: 0)
        }
        return nil
    }

    /// Waits, in real time, until the screen's rows satisfy `condition` or until
    /// `timeout` passes, letting the main queue run meanwhile; returns whether the
    /// condition held.
    @discardableResult
    public func waitUntilScreen(timeout: Duration = .seconds(10), until condition: ([String]) -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            await settle()
            if condition(lines) { return true }
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
