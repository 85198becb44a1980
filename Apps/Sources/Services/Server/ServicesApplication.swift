import Foundation
import Hummingbird
import Logging
import NIOCore

/// One local service: a set of routes over its own storage, mounted on the shared
/// router. Each service lives in its own folder (`Todos/`, …).
public protocol LocalService: Sendable {
    /// The exact paths this service serves and their methods (for 405 answers).
    var routes: [String: Set<HTTPRequest.Method>] { get }
    /// Adds the service's routes to the router.
    func mount(on router: Router<BasicRequestContext>)
}

/// Builds the HTTP application that serves every local service.
public enum ServicesApplication {
    /// The application type the services run in.
    public typealias App = Application<RouterResponder<BasicRequestContext>>

    /// Opens every service's storage (creating the data directory and files on
    /// first start) and returns the services, in mount order.
    public static func openServices(_ configuration: ServicesConfiguration) throws -> [any LocalService] {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        return [
            try TodosService(configuration: configuration),
        ]
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
        let services = try openServices(configuration)
        return Application(
            router: router(services: services),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "ripple-services"
            ),
            onServerRunning: { channel in
                await onServerRunning(channel.localAddress?.port ?? configuration.port)
            },
            logger: logger
        )
    }
}
