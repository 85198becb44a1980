import Foundation
import Hummingbird
import Logging

/// The Todo service on its own, as the `todo-server` executable runs it: the Todo
/// routes and `GET /health` (whether `todos.sqlite` answers), with the services'
/// error handling.
public enum TodoServer {
    /// Opens the todo store under the configuration's data directory (creating both
    /// on first start) and returns the application serving it.
    /// - Parameters:
    ///   - configuration: Where to listen and where the data lives (only its host,
    ///     port, data directory, fidelity, body limit, request timeout and clock are
    ///     read).
    ///   - logger: The server's logger.
    ///   - healthTimeout: How long `GET /health` waits for the database before it
    ///     answers 503 (default 5 s).
    ///   - onServerRunning: Called with the bound port once the server listens.
    public static func application(
        configuration: ServicesConfiguration,
        logger: Logger,
        healthTimeout: Duration = .seconds(5),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> ServicesApplication.App {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let todos = try TodosService(configuration: configuration)
        let health = HealthService(timeout: healthTimeout, store: "sqlite") { try await todos.checkDatabase() }
        return ServicesApplication.make(
            services: [todos, health], configuration: configuration, logger: logger, serverName: "todo-server",
            onServerRunning: onServerRunning
        )
    }
}
