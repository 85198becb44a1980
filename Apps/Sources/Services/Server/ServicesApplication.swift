import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// One local service: a set of routes over its own storage, mounted on the shared
/// router. Each service lives in its own folder (`Todos/`, `Tweets/`, …).
public protocol LocalService: Sendable {
    /// The paths this service serves and their methods (for 405 answers): exact
    /// paths (`/v1/photos`) and patterns as the routes were declared
    /// (`/v1/photos/:id`); a trailing slash is ignored.
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
        /// The user service (accounts, verification codes, the SMS outbox).
        public let users: UsersService
        /// The photo service (its corpus and import, the Flickr app's key).
        public let photos: PhotosService
        /// The chaos engine, when chaos is on.
        public let chaos: ChaosEngine?

        /// The accounts, for a service that checks passwords (the photo service's
        /// token login): the Users service's store.
        public var accounts: any AccountVerifying { users.store }

        /// The services in mount order.
        public var all: [any LocalService] { [todos, tweets, users, photos] }
    }

    /// Opens every service's storage (creating the data directory and files on
    /// first start) and scans the photo corpus. The Users service opens first: the
    /// photo service's xAuth login checks passwords through its store, an
    /// ``AccountVerifying`` (``OpenedServices/accounts``), so the accounts registered
    /// through `POST /register` are the ones that log in to 500px.
    /// - Parameter logger: Where the services log (the imports' progress, the SMS
    ///   outbox, chaos's failures).
    public static func open(_ configuration: ServicesConfiguration, logger: Logger) throws -> OpenedServices {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let users = try UsersService(configuration: configuration, logger: logger)
        return OpenedServices(
            todos: try TodosService(configuration: configuration),
            tweets: try TweetsService(configuration: configuration, logger: logger),
            users: users,
            photos: try PhotosService(configuration: configuration, accounts: users.store, logger: logger),
            chaos: configuration.chaos.map { ChaosEngine(configuration: $0, clock: configuration.clock, logger: logger) }
        )
    }

    /// The router with every service mounted, a log line per request, the shared
    /// error handling, chaos when an engine is given, and a request timeout when one
    /// is given (waited on `clock`).
    public static func router(
        services: [any LocalService],
        chaos: ChaosEngine? = nil,
        requestTimeout: Duration? = nil,
        clock: ServicesClock = .system
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        var routes: [String: Set<HTTPRequest.Method>] = [:]
        for service in services {
            routes.merge(service.routes) { $0.union($1) }
        }
        // Middleware first: Hummingbird wraps only the routes added after it, the
        // first added outermost. The request log sees the status the client gets;
        // chaos and the timeout run inside the error handling, so their errors (a
        // bad header, a 503) get the shape.
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorMiddleware(routes: routes))
        if let requestTimeout {
            router.add(middleware: RequestTimeoutMiddleware(timeout: requestTimeout, sleep: clock.sleep))
        }
        if let chaos {
            router.add(middleware: ChaosMiddleware(chaos: chaos))
        }
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
        let services = try open(configuration, logger: logger)
        return make(
            services: services.all,
            configuration: configuration,
            logger: logger,
            chaos: services.chaos,
            onServerRunning: onServerRunning
        )
    }

    /// The application serving services already opened (by ``open(_:logger:)``),
    /// for a caller that keeps hold of them (tests wait for the tweet import).
    ///
    /// Its listener cannot be stopped and started again: ``ServicesServer`` runs the
    /// same services with one that can (the command line and ``LocalServices`` do).
    /// `serverName` is its `Server` header (default `ripple-services`).
    public static func make(
        services: [any LocalService],
        configuration: ServicesConfiguration,
        logger: Logger,
        chaos: ChaosEngine? = nil,
        serverName: String = "ripple-services",
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> App {
        Application(
            router: router(
                services: services, chaos: chaos, requestTimeout: configuration.requestTimeout, clock: configuration.clock
            ),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: serverName
            ),
            services: services.flatMap(\.backgroundServices),
            onServerRunning: { channel in
                await onServerRunning(channel.localAddress?.port ?? configuration.port)
            },
            logger: logger
        )
    }
}
