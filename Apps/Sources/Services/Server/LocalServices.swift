import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Every local service running in this process, on a loopback port: one call to
/// start (for the app launcher and for tests), one to stop.
///
/// ```swift
/// let services = try await LocalServices.start(dataDirectory: dir, port: 0)
/// // … talk to services.url …
/// await services.stop()
/// ```
public final class LocalServices: Sendable {
    /// The base URL the services answer on, for example `http://127.0.0.1:41234`.
    public let url: URL
    /// The port the server bound.
    public let port: Int
    /// The configuration the services run with (its `port` is the requested one).
    public let configuration: ServicesConfiguration
    /// The tweet service: its index (wait for the import with
    /// `tweets.index.waitUntilIdle()`) and the app credentials.
    public let tweets: TweetsService
    /// The user service: its store checks accounts' passwords.
    public let users: UsersService
    /// The photo service: its corpus (wait for the import with
    /// `photos.library.waitUntilIdle()`) and the Flickr app's key.
    public let photos: PhotosService
    /// The chaos engine, when the configuration turns chaos on.
    public let chaos: ChaosEngine?
    /// The server: background work and the listener.
    public let server: ServicesServer

    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(
        url: URL, port: Int, configuration: ServicesConfiguration, server: ServicesServer,
        group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.url = url
        self.port = port
        self.configuration = configuration
        self.tweets = server.services.tweets
        self.users = server.services.users
        self.photos = server.services.photos
        self.chaos = server.services.chaos
        self.server = server
        self.group = group
        self.task = task
    }

    /// The accounts, for a service or test that checks passwords.
    public var accounts: any AccountVerifying { users.store }

    /// Starts every service and returns once the server listens (the tweet and
    /// photo imports, when due, go on in the background).
    /// - Parameters:
    ///   - dataDirectory: The directory of the data files (created if missing).
    ///   - host: The host to bind (default loopback).
    ///   - port: The port to bind; 0 (the default) picks a free one.
    ///   - fidelity: Corrected (default) or original answers.
    ///   - tweetCorpus: The tweet service's changelogs (default: the machine's, else
    ///     the bundled corpus).
    ///   - photoCorpus: The photo service's images (default: the machine's, else the
    ///     bundled images).
    ///   - logger: The server's logger (default: warnings and errors only).
    public static func start(
        dataDirectory: URL,
        host: String = "127.0.0.1",
        port: Int = 0,
        fidelity: Fidelity = .corrected,
        tweetCorpus: TweetCorpus = .automatic,
        photoCorpus: PhotoCorpus = .automatic,
        logger: Logger? = nil
    ) async throws -> LocalServices {
        try await start(
            configuration: ServicesConfiguration(
                host: host, port: port, dataDirectory: dataDirectory, fidelity: fidelity, tweetCorpus: tweetCorpus,
                photoCorpus: photoCorpus
            ),
            logger: logger
        )
    }

    /// Starts every service with a full configuration and returns once the server listens.
    public static func start(configuration: ServicesConfiguration, logger: Logger? = nil) async throws -> LocalServices {
        let logger = logger ?? {
            var logger = Logger(label: "ripple-services")
            logger.logLevel = .warning
            return logger
        }()
        let services = try ServicesApplication.open(configuration, logger: logger)
        let server = ServicesServer(services: services, configuration: configuration, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [server], gracefulShutdownSignals: [], logger: logger))
        let task = Task { try await group.run() }
        let port: Int
        do {
            port = try await server.waitUntilListening()
        } catch {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw error
        }
        guard let url = URL(string: ServicesConfiguration.baseURL(host: configuration.host, port: port)) else {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw ServiceError(.badRequest, "no URL for host \(configuration.host)", context: ["host": configuration.host])
        }
        return LocalServices(url: url, port: port, configuration: configuration, server: server, group: group, task: task)
    }

    /// Whether the listener listens (it does from the start until ``stopListening()``).
    public var isListening: Bool { server.isListening }

    /// Stops the listener: from then on connections to ``port`` are refused (what a
    /// client sees of a server that went away), while the stores and background work
    /// stay. Returns once the requests in flight have finished.
    public func stopListening() async {
        await server.stopListening()
    }

    /// Listens again on ``port``.
    /// - Throws: When the port cannot be bound again (another process took it).
    public func startListening() async throws {
        try await server.startListening()
    }

    /// Stops the server gracefully (in-flight requests finish, hanging chaos requests
    /// are released) and waits for it.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
