import ArgumentParser
import ConsoleOutput
import Dispatch
import Foundation
import Launcher
import LauncherCore
import Logging
import Ripple
import RippleTerminal
import SeedApp
import Services
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ripple-apps`: the seed apps' launcher, full screen in the terminal, with the
/// local services started in process (or others given with `--server`). Where
/// nobody can type, it prints a scripted walkthrough of every app instead.
@main
struct RippleApps: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripple-apps",
        abstract: "Open the seed apps (Twitter Search, Todos, Registration, …) full screen in the terminal.",
        discussion: """
            Starts the local services in process on a free loopback port, unless --server names running ones. \
            In the menu, a digit or Enter opens an app, Esc goes back to the menu, q quits; Ctrl-C quits from anywhere. \
            When standard input or output is not a terminal (a pipe, CI), when TERM is dumb, or with --walkthrough, \
            it drives each app through a short scripted scenario on a 100 × 30 virtual terminal instead, \
            prints every step's screen, and exits (status 1 if a screen did not show in time).
            """
    )

    @Option(help: ArgumentHelp(
        "Use the services running at this address instead of starting them.",
        discussion: "A ripple-services, or a todo-server for the Todo app alone: two launches with two --data-dir "
            + "on one server are two clients of it.",
        valueName: "url"
    ))
    var server: String?

    @Option(help: ArgumentHelp(
        "The data directory: the services' SQLite files, the tweet service's app credentials, the Todo app's local copy.",
        discussion: "Default: $XDG_DATA_HOME/ripple or ~/.local/share/ripple, as ripple-services uses; "
            + "a walkthrough without --data-dir runs on a temporary directory, leaving your data alone. "
            + "The Todo app keeps its local copy there (todos-app.sqlite) with --server too.",
        valueName: "dir"
    ))
    var dataDir: String?

    @Flag(help: "Print the scripted walkthrough of every app instead of opening the menu.")
    var walkthrough = false

    func validate() throws {
        if let server {
            guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil
            else {
                throw ValidationError("--server must be an http URL such as http://127.0.0.1:8080, not '\(server)'")
            }
        }
    }

    func run() throws {
        let interactive = !walkthrough && Self.canDrawFullScreen()
        let location = try LaunchDataDirectory.choose(
            given: dataDir, isWalkthrough: !interactive && server == nil, standard: ServicesConfiguration.defaultDataDirectory()
        )
        let dataDirectory = location.url
        let services: LocalServices?
        let url: URL
        if let server, let serverURL = URL(string: server) {
            services = nil
            url = serverURL
        } else {
            if case .temporary = location {
                say("ripple-apps: the walkthrough runs on a temporary data directory (\(dataDirectory.path)), "
                    + "leaving yours alone; --data-dir names another.")
            }
            say("ripple-apps: starting the local services (data directory \(dataDirectory.path))…")
            let started = try Self.startServices(dataDirectory: dataDirectory)
            services = started
            url = started.url
        }
        let address = url.absoluteString + (services == nil ? "" : " (in process)")
        let tweetIndex: @Sendable () -> TweetIndexProgress = {
            guard let index = services?.tweets.index else { return .unknown }
            switch index.status {
            case let .importing(read, total): return .importing(read: read, of: total)
            case let .ready(corpus): return .ready(tweets: corpus.stats.tweets)
            case let .failed(reason): return .failed(reason)
            }
        }
        // Debian's picture packages this machine lacks, for the status line's hint.
        let missingPictures = services?.photos.library.missingPackages ?? []
        if interactive {
            MainActor.assumeIsolated {
                Self.runFullScreen(
                    url: url, dataDirectory: dataDirectory, address: address, tweetIndex: tweetIndex, missingPictures: missingPictures
                )
            }
        } else {
            Self.runWalkthrough(
                url: url, dataDirectory: location, address: address, tweetIndex: tweetIndex, missingPictures: missingPictures,
                services: services
            )
        }
    }

    /// Whether standard input and output are a terminal that can draw full screen.
    static func canDrawFullScreen() -> Bool {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && !term.isEmpty && term != "dumb"
    }

    /// Starts the services on a free loopback port and waits until they listen.
    static func startServices(dataDirectory: URL) throws -> LocalServices {
        let result = Mutex<Result<LocalServices, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                let services = try await LocalServices.start(dataDirectory: dataDirectory, port: 0)
                result.withLock { $0 = .success(services) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        guard let outcome = result.withLock({ $0 }) else {
            throw ValidationError("the local services did not start")
        }
        return try outcome.get()
    }

    /// The menu, full screen, until the user quits.
    @MainActor
    static func runFullScreen(
        url: URL, dataDirectory: URL, address: String, tweetIndex: @escaping @Sendable () -> TweetIndexProgress,
        missingPictures: [String]
    ) -> Never {
        let catalog = SeedAppCatalog.standard
        let environment = SeedAppEnvironment(servicesURL: url, dataDirectory: dataDirectory, scheduler: QueueScheduler.main)
        TerminalApp.run { app in
            let viewModel = LauncherViewModel(
                entries: catalog.entries, servicesAddress: address, tweetIndex: tweetIndex,
                missingPicturePackages: missingPictures, scheduler: QueueScheduler.main
            )
            viewModel.didQuit.observeValues { MainActor.assumeIsolated { app.quit() } }
            return LauncherScreen(viewModel: viewModel) { entry in
                catalog.makeScreen(for: entry, environment: environment)
            }
        }
    }

    /// The scripted walkthrough, printed; exits when it ends.
    static func runWalkthrough(
        url: URL, dataDirectory location: LaunchDataDirectory, address: String,
        tweetIndex: @escaping @Sendable () -> TweetIndexProgress, missingPictures: [String], services: LocalServices?
    ) -> Never {
        let dataDirectory = location.url
        say("ripple-apps: not a terminal (or --walkthrough): printing a scripted walkthrough of every app on a"
            + " \(WalkthroughRunner.columns) × \(WalkthroughRunner.rows) virtual terminal.")
        say("ripple-apps: services at \(address)")
        Task { @MainActor in
            if let index = services?.tweets.index, index.isImporting {
                say("ripple-apps: waiting for the tweet index's first import (\(tweetIndex().text))…")
                _ = await index.waitUntilIdle()
                say("ripple-apps: \(tweetIndex().text)")
            }
            // The photo apps' searches answer "not ready" until the photos' first import ends.
            if let library = services?.photos.library, library.isImporting {
                say("ripple-apps: waiting for the photos' first import…")
                _ = await library.waitUntilIdle()
            }
            say("")
            let catalog = SeedAppCatalog.standard
            let environment = SeedAppEnvironment(servicesURL: url, dataDirectory: dataDirectory, scheduler: QueueScheduler.main)
            let viewModel = LauncherViewModel(
                entries: catalog.entries, servicesAddress: address, tweetIndex: tweetIndex,
                missingPicturePackages: missingPictures, scheduler: QueueScheduler.main
            )
            let runner = WalkthroughRunner(catalog: catalog, viewModel: viewModel, environment: environment) { say($0) }
            let report = await runner.run()
            await services?.stop()
            location.removeIfTemporary()
            if report.failures.isEmpty {
                say("ripple-apps: walkthrough done: \(report.headings.count) screens.")
                terminate(0)
            }
            say("ripple-apps: walkthrough failed: " + report.failures.joined(separator: "; "))
            terminate(1)
        }
        dispatchMain()
    }
}

/// Prints a line to standard output at once; ends quietly if the reader went away.
func say(_ line: String) {
    StandardOutput.writeLine(line)
}

/// Ends the process with `status` (the global `exit`, which a command's `exit`
/// method hides inside the type).
func terminate(_ status: Int32) -> Never {
    exit(status)
}
