import Foundation
import Hummingbird
import Logging

/// The Todo service on its own, as the `todo-server` executable runs it: the Todo
/// routes and `GET /health` (whether the todo database answers), with the services'
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
        return application(
            todos: todos, store: "sqlite", configuration: configuration, logger: logger, healthTimeout: healthTimeout,
            onServerRunning: onServerRunning
        )
    }

    /// Opens the todo store on `database` (SQLite: creating the data directory and
    /// `todos.sqlite` on first start; PostgreSQL: connecting once and migrating the
    /// schema) and returns the application serving it. On PostgreSQL the
    /// application's services include the connection pool, which starts and stops
    /// with the server.
    /// - Parameters:
    ///   - configuration: Where to listen and where the SQLite data lives.
    ///   - database: The store.
    ///   - logger: The server's logger.
    ///   - healthTimeout: How long `GET /health` waits for the database.
    ///   - databaseDeadline: On PostgreSQL, how long a request waits for the
    ///     database before it answers 503 (``PostgresTodoStore/deadline``).
    ///   - onServerRunning: Called with the bound port once the server listens.
    /// - Throws: ``PostgresTodoStoreError`` when PostgreSQL cannot be reached or
    ///   migrated; the file system's or SQLite's error otherwise.
    public static func application(
        configuration: ServicesConfiguration,
        database: TodoDatabase,
        logger: Logger,
        healthTimeout: Duration = .seconds(5),
        databaseDeadline: Duration = .seconds(3),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> ServicesApplication.App {
        switch database {
        case .sqlite:
            return try application(
                configuration: configuration, logger: logger, healthTimeout: healthTimeout, onServerRunning: onServerRunning
            )
        case .postgres(let location):
            let store = try await PostgresTodoStore.open(location, deadline: databaseDeadline, logger: logger)
            return application(
                todos: TodosService(store: store, configuration: configuration), store: "postgresql", configuration: configuration,
                logger: logger, healthTimeout: healthTimeout, onServerRunning: onServerRunning
            )
        }
    }

    /// The application serving `todos`, whose health route names its `store`.
    private static func application(
        todos: TodosService,
        store: String,
        configuration: ServicesConfiguration,
        logger: Logger,
        healthTimeout: Duration,
        onServerRunning: @escaping @Sendable (Int) async -> Void
    ) -> ServicesApplication.App {
        let health = HealthService(timeout: healthTimeout, store: store) { try await todos.checkDatabase() }
        return ServicesApplication.make(
            services: [todos, health], configuration: configuration, logger: logger, serverName: "todo-server",
            onServerRunning: onServerRunning
        )
    }
}

/// The store a `todo-server` keeps its todos in.
public enum TodoDatabase: Sendable, Equatable {
    /// `todos.sqlite` under the data directory (the default): embedded, one server.
    case sqlite
    /// A PostgreSQL database, which several servers may share.
    case postgres(PostgresDatabaseURL)
}
