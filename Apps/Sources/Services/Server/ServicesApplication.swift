import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// One local service: a set of routes over its own storage, mounted on the shared
/// router. Each service lives in its own folder (`Todos/`, `Tweets/`, …).
public protocol LocalService: Sendable {
    /// The exact paths this service serves and their methods (for 405 answers).
    var routes: [String: Set<HTTPRequest.Method>] { get }
    /// Work that runs beside the server while it runs, stopped by its graceful
    /// shutdown (the tweet import).
    var backgroundServices: [any Service] { get }
    /// Adds the service's routes to the router.
    func mount(on router: Router<BasicRequestContext>)
}

extension LocalService {
    /// None by default.
    public var backgroundServices: [any Service] { [] }
}

/// The accounts while no service keeps any: every password check fails.
struct NoAccounts: AccountVerifying {
    func verify(account: String, password: String) async throws -> Bool {
        false
    }
}

/// Builds the HTTP application that serves every local service.
public enum ServicesApplication {
    /// The application type the services run in.
    public typealias App = Application<RouterResponder<BasicRequestContext>>

    /// Every service, opened.
    public struct OpenedServices: Sendable {
        /// The Todo service.
        public let todos: TodosService
        /// The tweet service (its index and import, its app credentials).
        public let tweets: TweetsService
        /// The photo service (its corpus and import, the Flickr app's key).
        public let photos: PhotosService

        /// The services in mount order.
        public var all: [any LocalService] { [todos, tweets, photos] }
    }

    /// Opens every service's storage (creating the data directory and files on
    /// first start) and scans the photo corpus.
    /// - Parameter logger: Where the services log (the imports' progress).
    public static func open(_ configuration: ServicesConfiguration, logger: Logger) throws -> OpenedServices {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        // The integration point with the Users service: the photo service's xAuth
        // login checks passwords through `AccountVerifying`, which the Users store
        // implements. Until that service is part of these services, no account exists,
        // and every login is refused (401); the merge passes the Users store here.
        let accounts: any AccountVerifying = NoAccounts()
        return OpenedServices(
            todos: try TodosService(configuration: configuration),
            tweets: try TweetsService(configuration: configuration, logger: logger),
            photos: try PhotosService(configuration: configuration, accounts: accounts, logger: logger)
        )
    }

    /// The router with every service mounted, and the shared error handling.
    public static func router(services: [any LocalService]) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        var routes: [String: Set<HTTPRequest.Method>] = [:]
        for service in services {
            routes.merge(service.routes) { $0.union($1) }
        }
        // Middleware first: Hummingbird wraps only the routes added after it.
        router.add(middleware: ErrorMiddleware(routes: routes))
        for service in services {
            service.mount(on: router)
        }
        return router
    }

    /// The whole application, ready to run.
    /// - Parameters:
    ///   - configuration: Where to listen and where the data lives.
    ///   - logger: The server's logger.
    ///   - onServerRunning: Called with the bound port once the server listens.
    public static func make(
        configuration: ServicesConfiguration,
        logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> App {
        try make(
            services: open(configuration, logger: logger).all,
            configuration: configuration,
            logger: logger,
            onServerRunning: onServerRunning
        )
    }

    /// The application serving services already opened (by ``open(_:logger:)``),
    /// for a caller that keeps hold of them (the command line reports the tweet
    /// import; tests wait for it).
    public static func make(
        services: [any LocalService],
        configuration: ServicesConfiguration,
        logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> App {
        Application(
            router: router(services: services),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "ripple-services"
            ),
            services: services.flatMap(\.backgroundServices),
            onServerRunning: { channel in
                await onServerRunning(channel.localAddress?.port ?? configuration.port)
            },
            logger: logger
        )
    }
}
