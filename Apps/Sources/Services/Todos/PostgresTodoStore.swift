import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// The todos in PostgreSQL, for several servers on one database: PostgresNIO's
/// `PostgresClient` and its connection pool (at most 20 connections a server), every
/// statement parameterised, the schema by ``PostgresTodoMigrations`` at start.
///
/// Every connection asks for `synchronous_commit = on`: a write is answered only
/// once its commit is flushed to the server's write-ahead log (with the server's
/// `fsync` on, its default, it survives a crash of the database server too).
public final class PostgresTodoStore: TodoStoring {
    private let client: PostgresClient
    private let logger: Logger

    /// How long one operation may wait for the database (a connection, then its
    /// answer) before it fails with a 503 ``ServiceError``.
    public let deadline: Duration

    /// Where the database is (without its password when printed).
    public let location: PostgresDatabaseURL

    /// True: other servers may write to the same database.
    public var isSharedBetweenServers: Bool { true }

    /// The connection pool: it must run (in the server's service group) for any
    /// query to be answered.
    public var backgroundServices: [any Service] { [client] }

    private init(client: PostgresClient, location: PostgresDatabaseURL, deadline: Duration, logger: Logger) {
        self.client = client
        self.location = location
        self.deadline = deadline
        self.logger = logger
    }

    /// Connects once to check that the database answers, brings its schema up to
    /// date (``PostgresTodoMigrations``), and returns the store over a new pool. The
    /// pool answers queries only while ``backgroundServices`` run.
    ///
    /// While the database is down, every operation fails within `deadline` with a
    /// 503 ``ServiceError`` ("the todo database does not answer") instead of
    /// waiting for it; the pool reconnects by itself once it is back.
    /// - Throws: ``PostgresTodoStoreError`` when the database cannot be reached,
    ///   refuses the login, or its schema cannot be migrated.
    public static func open(
        _ location: PostgresDatabaseURL, deadline: Duration = .seconds(3), logger: Logger
    ) async throws -> PostgresTodoStore {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: connectionConfiguration(location), id: 0, logger: logger
            )
        } catch {
            throw PostgresTodoStoreError("cannot reach the database \(location)", error)
        }
        do {
            try await PostgresTodoMigrations.migrate(connection, logger: logger)
        } catch {
            try? await connection.close()
            throw PostgresTodoStoreError("cannot migrate the database \(location)", error)
        }
        try? await connection.close()
        let client = PostgresClient(configuration: clientConfiguration(location), backgroundLogger: logger)
        return PostgresTodoStore(client: client, location: location, deadline: deadline, logger: logger)
    }

    /// The connection parameters every connection sends at its start.
    static let startupParameters = [("synchronous_commit", "on"), ("application_name", "todo-server")]

    static func connectionConfiguration(_ location: PostgresDatabaseURL) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable
        )
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    static func clientConfiguration(_ location: PostgresDatabaseURL) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable
        )
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    // MARK: TodoStoring

    public func list() async throws -> [Todo] {
        try await withinDeadline { [self] in try await listNow() }
    }

    public func create(content: String, status: TodoStatus, now: Date) async throws -> Todo {
        try await withinDeadline { [self] in try await createNow(content: content, status: status, now: now) }
    }

    public func todo(objectId: String) async throws -> Todo? {
        try await withinDeadline { [self] in try await todoNow(objectId: objectId) }
    }

    public func updateStatus(objectId: String, status: TodoStatus, amongNewest: Bool, now: Date) async throws -> Bool {
        try await withinDeadline { [self] in
            try await updateStatusNow(objectId: objectId, status: status, amongNewest: amongNewest, now: now)
        }
    }

    public func check() async throws {
        do {
            try await racingDeadline { [self] in
                let rows = try await client.query("SELECT count(*) FROM todo_schema_migrations", logger: logger)
                for try await _ in rows {}
            }
        } catch {
            // The reason alone, for the health route's "the database does not answer: …".
            throw DatabaseCheckFailure(
                description: error is DatabaseDeadlinePassed ? "no answer within \(deadline)" : PostgresTodoStoreError.reason(of: error)
            )
        }
    }

    // MARK: Queries

    private func listNow() async throws -> [Todo] {
        let rows = try await client.query(
            """
            SELECT object_id, content, status, created_at, updated_at FROM todos
            ORDER BY created_at DESC, position DESC LIMIT \(TodoStore.listLimit)
            """,
            logger: logger
        )
        return try await Self.todos(rows)
    }

    private func createNow(content: String, status: TodoStatus, now: Date) async throws -> Todo {
        let stamp = TodoFormat.timestamp(now)
        let todo = Todo(content: content, status: status, objectId: TodoFormat.newObjectId(now: now), createdAt: stamp, updatedAt: stamp)
        try await client.query(
            """
            INSERT INTO todos (object_id, content, status, created_at, updated_at)
            VALUES (\(todo.objectId), \(todo.content), \(todo.status.rawValue), \(todo.createdAt), \(todo.updatedAt))
            """,
            logger: logger
        )
        return todo
    }

    private func todoNow(objectId: String) async throws -> Todo? {
        let rows = try await client.query(
            "SELECT object_id, content, status, created_at, updated_at FROM todos WHERE object_id = \(objectId)",
            logger: logger
        )
        return try await Self.todos(rows).first
    }

    private func updateStatusNow(objectId: String, status: TodoStatus, amongNewest: Bool, now: Date) async throws -> Bool {
        let stamp = TodoFormat.timestamp(now)
        let rows: PostgresRowSequence
        if amongNewest {
            rows = try await client.query(
                """
                UPDATE todos SET status = \(status.rawValue), updated_at = \(stamp)
                WHERE object_id = \(objectId) AND position IN (
                    SELECT position FROM todos ORDER BY created_at DESC, position DESC LIMIT \(TodoStore.listLimit)
                )
                RETURNING object_id
                """,
                logger: logger
            )
        } else {
            rows = try await client.query(
                "UPDATE todos SET status = \(status.rawValue), updated_at = \(stamp) WHERE object_id = \(objectId) RETURNING object_id",
                logger: logger
            )
        }
        var updated = 0
        for try await _ in rows {
            updated += 1
        }
        return updated > 0
    }

    /// Runs `operation` against ``deadline``; the first to end decides. A database
    /// that does not answer (the deadline, a refused or lost connection, a server
    /// shutting down) becomes a 503 ``ServiceError``; its other errors (a failing
    /// query) are thrown as they are.
    private func withinDeadline<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        do {
            return try await racingDeadline(operation)
        } catch where Self.isUnavailable(error) {
            throw ServiceError(.serviceUnavailable, "the todo database does not answer")
        }
    }

    /// `operation`'s result, or ``DatabaseDeadlinePassed`` when ``deadline`` comes
    /// first. The operation is then cancelled but not waited for: after an outage,
    /// PostgresNIO's pool can keep a query queued that neither answers nor sees its
    /// cancellation, and waiting for it (as a task group does when it ends) would
    /// hold the request, and the server's graceful shutdown, forever.
    private func racingDeadline<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let deadline = self.deadline
        let race = FirstResult<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.deliver(to: continuation)
                race.run(
                    Task {
                        do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                    }
                )
                race.run(
                    Task {
                        guard (try? await Task.sleep(for: deadline)) != nil else { return }
                        race.finish(.failure(DatabaseDeadlinePassed()))
                    }
                )
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Whether `error` says the database is out of reach, rather than that a query
    /// failed.
    static func isUnavailable(_ error: any Error) -> Bool {
        switch error {
        case is DatabaseDeadlinePassed:
            return true
        case let error as PSQLError:
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
                return true
            case .server:
                // Class 08: connection exception; class 57: operator intervention
                // (the server shutting down or starting).
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || state.hasPrefix("57")
            default:
                return false
            }
        default:
            // The pool's own error, once connections have failed for a minute (its
            // module is PostgresNIO's underscored one, not imported here).
            return String(describing: type(of: error)) == "ConnectionPoolError"
        }
    }

    private static func todos(_ rows: PostgresRowSequence) async throws -> [Todo] {
        var todos: [Todo] = []
        for try await (objectId, content, status, createdAt, updatedAt) in rows.decode(
            (String, String, String, String, String).self
        ) {
            todos.append(
                Todo(
                    content: content,
                    // The table's CHECK keeps the status one of the two.
                    status: TodoStatus(rawValue: status) ?? .todo,
                    objectId: objectId, createdAt: createdAt, updatedAt: updatedAt
                )
            )
        }
        return todos
    }
}
