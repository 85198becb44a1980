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
///
/// The change log: every write appends its change in its own transaction, after
/// taking a transaction-scoped advisory lock (``changeLogLock``), so appends are
/// serialised across every server on the database: a change's cursor (a sequence
/// value drawn under the lock) is taken in commit order, and a reader never sees
/// cursor N+1 before N. The cost: the writes of all servers take turns for the
/// last part of their transaction (the append and the commit, about two round
/// trips and one WAL flush), which bounds the database's write rate whatever the
/// number of servers; the todo's own row is written before the lock, so writes to
/// different todos still overlap up to it. Each append sends a `NOTIFY`, which
/// PostgreSQL delivers at commit; every server `LISTEN`s (``PostgresChangeListener``)
/// and wakes its open change streams.
public final class PostgresTodoStore: TodoStoring {
    private let client: PostgresClient
    private let logger: Logger
    private let listener: PostgresChangeListener

    /// Signalled after every change committed by this server, and on each
    /// notification of a change committed by any server.
    public let changeSignal: TodoChangeSignal

    /// The advisory lock that serialises appends to the change log (its name,
    /// hashed by the server to its key).
    static let changeLogLock = "todo-server change log"
    /// The channel changes are announced on.
    static let changeChannel = "todo_changes"

    /// How long one operation may wait for the database (a connection, then its
    /// answer) before it fails with a 503 ``ServiceError``.
    public let deadline: Duration

    /// Where the database is (without its password when printed).
    public let location: PostgresDatabaseURL

    /// True: other servers may write to the same database.
    public var isSharedBetweenServers: Bool { true }

    /// The connection pool: it must run (in the server's service group) for any
    /// query to be answered.
    public var backgroundServices: [any Service] { [client, listener] }

    private init(client: PostgresClient, location: PostgresDatabaseURL, deadline: Duration, logger: Logger) {
        self.client = client
        self.location = location
        self.deadline = deadline
        self.logger = logger
        let signal = TodoChangeSignal()
        self.changeSignal = signal
        self.listener = PostgresChangeListener(
            configuration: Self.connectionConfiguration(location), channel: Self.changeChannel, signal: signal, logger: logger
        )
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

    public func create(objectId: String?, content: String, status: TodoStatus, now: Date) async throws -> TodoCreation {
        let creation = try await withinDeadline { [self] in
            try await createNow(objectId: objectId, content: content, status: status, now: now)
        }
        if case .created = creation {
            changeSignal.notify()
        }
        return creation
    }

    public func todo(objectId: String) async throws -> Todo? {
        try await withinDeadline { [self] in try await todoNow(objectId: objectId) }
    }

    public func updateStatus(objectId: String, status: TodoStatus, amongNewest: Bool, now: Date) async throws -> Bool {
        let updated = try await withinDeadline { [self] in
            try await updateStatusNow(objectId: objectId, status: status, amongNewest: amongNewest, now: now)
        }
        if updated {
            changeSignal.notify()
        }
        return updated
    }

    public func delete(objectId: String, now: Date) async throws -> TodoDeletion {
        let deletion = try await withinDeadline { [self] in try await deleteNow(objectId: objectId, now: now) }
        if deletion == .deleted {
            changeSignal.notify()
        }
        return deletion
    }

    public func changes(since: Int64, limit: Int) async throws -> TodoChangePage {
        try await withinDeadline { [self] in try await changesNow(since: since, limit: limit) }
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
            SELECT object_id, content, status, created_at, updated_at FROM todos WHERE deleted_at IS NULL
            ORDER BY created_at DESC, position DESC LIMIT \(TodoStore.listLimit)
            """,
            logger: logger
        )
        return try await Self.todos(rows)
    }

    private func createNow(objectId: String?, content: String, status: TodoStatus, now: Date) async throws -> TodoCreation {
        let stamp = TodoFormat.timestamp(now)
        let todo = Todo(
            content: content, status: status, objectId: objectId ?? TodoFormat.newObjectId(now: now), createdAt: stamp, updatedAt: stamp
        )
        let logger = self.logger
        return try await client.withTransaction(logger: logger) { connection in
            // A todo that has the id (even deleted) is kept as it is; a concurrent
            // create of the same id waits here for the other's commit.
            let inserted = try await connection.query(
                """
                INSERT INTO todos (object_id, content, status, created_at, updated_at)
                VALUES (\(todo.objectId), \(todo.content), \(todo.status.rawValue), \(todo.createdAt), \(todo.updatedAt))
                ON CONFLICT (object_id) DO NOTHING RETURNING object_id
                """,
                logger: logger
            )
            var count = 0
            for try await _ in inserted {
                count += 1
            }
            guard count > 0 else {
                let rows = try await connection.query(
                    "SELECT object_id, content, status, created_at, updated_at FROM todos WHERE object_id = \(todo.objectId)",
                    logger: logger
                )
                // The conflict was on this id, and rows are never removed.
                guard let existing = try await Self.todos(rows).first else { return .objectIdTaken }
                return existing.content == content ? .alreadyCreated(existing) : .objectIdTaken
            }
            try await Self.append(.created, todo, on: connection, logger: logger)
            return .created(todo)
        }
    }

    private func todoNow(objectId: String) async throws -> Todo? {
        let rows = try await client.query(
            "SELECT object_id, content, status, created_at, updated_at FROM todos WHERE object_id = \(objectId) AND deleted_at IS NULL",
            logger: logger
        )
        return try await Self.todos(rows).first
    }

    private func updateStatusNow(objectId: String, status: TodoStatus, amongNewest: Bool, now: Date) async throws -> Bool {
        let stamp = TodoFormat.timestamp(now)
        let logger = self.logger
        return try await client.withTransaction(logger: logger) { connection in
            let rows: PostgresRowSequence
            if amongNewest {
                rows = try await connection.query(
                    """
                    UPDATE todos SET status = \(status.rawValue), updated_at = \(stamp)
                    WHERE object_id = \(objectId) AND position IN (
                        SELECT position FROM todos WHERE deleted_at IS NULL
                        ORDER BY created_at DESC, position DESC LIMIT \(TodoStore.listLimit)
                    )
                    RETURNING object_id, content, status, created_at, updated_at
                    """,
                    logger: logger
                )
            } else {
                rows = try await connection.query(
                    """
                    UPDATE todos SET status = \(status.rawValue), updated_at = \(stamp)
                    WHERE object_id = \(objectId) AND deleted_at IS NULL
                    RETURNING object_id, content, status, created_at, updated_at
                    """,
                    logger: logger
                )
            }
            guard let todo = try await Self.todos(rows).first else { return false }
            try await Self.append(.updated, todo, on: connection, logger: logger)
            return true
        }
    }

    private func deleteNow(objectId: String, now: Date) async throws -> TodoDeletion {
        let stamp = TodoFormat.timestamp(now)
        let logger = self.logger
        return try await client.withTransaction(logger: logger) { connection in
            let rows = try await connection.query(
                """
                UPDATE todos SET deleted_at = \(stamp), updated_at = \(stamp)
                WHERE object_id = \(objectId) AND deleted_at IS NULL
                RETURNING object_id, content, status, created_at, updated_at
                """,
                logger: logger
            )
            guard let todo = try await Self.todos(rows).first else {
                var known = 0
                for try await count in try await connection.query(
                    "SELECT count(*) FROM todos WHERE object_id = \(objectId)", logger: logger
                ).decode(Int.self) {
                    known = count
                }
                return known > 0 ? .alreadyDeleted : .unknown
            }
            try await Self.append(.deleted, todo, on: connection, logger: logger)
            return .deleted
        }
    }

    private func changesNow(since: Int64, limit: Int) async throws -> TodoChangePage {
        let rows = try await client.query(
            """
            SELECT cursor, kind, object_id, content, status, created_at, updated_at FROM todo_changes
            WHERE cursor > \(since) ORDER BY cursor LIMIT \(limit + 1)
            """,
            logger: logger
        )
        var fetched: [TodoChange] = []
        for try await (cursor, kind, objectId, content, status, createdAt, updatedAt) in rows.decode(
            (Int64, String, String, String, String, String, String).self
        ) {
            fetched.append(
                TodoChange(
                    cursor: cursor,
                    // The table's CHECKs keep the kind one of the three.
                    kind: TodoChangeKind(rawValue: kind) ?? .updated,
                    todo: Todo(
                        content: content, status: TodoStatus(rawValue: status) ?? .todo, objectId: objectId,
                        createdAt: createdAt, updatedAt: updatedAt
                    )
                )
            )
        }
        if fetched.isEmpty {
            var newest: Int64 = 0
            for try await value in try await client.query(
                "SELECT coalesce(max(cursor), 0) FROM todo_changes", logger: logger
            ).decode(Int64.self) {
                newest = value
            }
            if since > newest {
                throw TodoChangesError.cursorAhead(newest: newest)
            }
        }
        return TodoChangePage.page(of: fetched, since: since, limit: limit)
    }

    /// Appends a change to the log in the caller's transaction: under the change
    /// log's lock (held to the commit), with a notification delivered at the commit.
    private static func append(_ kind: TodoChangeKind, _ todo: Todo, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(changeLogLock)))", logger: logger)
        try await connection.query(
            """
            WITH appended AS (
                INSERT INTO todo_changes (kind, object_id, content, status, created_at, updated_at)
                VALUES (\(kind.rawValue), \(todo.objectId), \(todo.content), \(todo.status.rawValue), \(todo.createdAt), \(todo.updatedAt))
                RETURNING cursor
            )
            SELECT pg_notify(\(changeChannel), cursor::text) FROM appended
            """,
            logger: logger
        )
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
    /// first (the operation is then cancelled).
    private func racingDeadline<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let deadline = self.deadline
        return try await withThrowingTaskGroup(of: Value.self) { tasks in
            tasks.addTask { try await operation() }
            tasks.addTask {
                try await Task.sleep(for: deadline)
                throw DatabaseDeadlinePassed()
            }
            defer { tasks.cancelAll() }
            // Two tasks were added, so `next()` has a first result.
            return try await tasks.next()!
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
