import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

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
    /// The photo service: its corpus (wait for the import with
    /// `photos.library.waitUntilIdle()`) and the Flickr app's key.
    public let photos: PhotosService

    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(
        url: URL, port: Int, configuration: ServicesConfiguration, tweets: TweetsService, photos: PhotosService,
        group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.url = url
        self.port = port
        self.configuration = configuration
        self.tweets = tweets
        self.photos = photos
        self.group = group
        self.task = task
    }

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
        let bound = BoundPort()
        let services = try ServicesApplication.open(configuration, logger: logger)
        let tweets = services.tweets
        let photos = services.photos
        let app = ServicesApplication.make(services: services.all, configuration: configuration, logger: logger) { port in
            bound.resolve(.success(port))
        }
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            do {
                try await group.run()
                bound.resolve(.failure(ServiceError(.serviceUnavailable, "the server stopped before it listened")))
            } catch {
                bound.resolve(.failure(error))
                throw error
            }
        }
        let port: Int
        do {
            port = try await bound.value()
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
        return LocalServices(url: url, port: port, configuration: configuration, tweets: tweets, photos: photos, group: group, task: task)
    }

    /// Stops the server gracefully (in-flight requests finish) and waits for it.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

/// A one-shot value: the port once bound, or the error that stopped the server first.
private final class BoundPort: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Int, any Error>])
        case done(Result<Int, any Error>)
    }

    private let state = Mutex(State.waiting([]))

    func resolve(_ result: Result<Int, any Error>) {
        let waiters: [CheckedContinuation<Int, any Error>] = state.withLock { state in
            guard case .waiting(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }

    func value() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result: Result<Int, any Error>? = state.withLock { state in
                switch state {
                case .waiting(let waiters):
                    state = .waiting(waiters + [continuation])
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let result {
                continuation.resume(with: result)
            }
        }
    }
}
