import Logging
import PostgresNIO

/// The PostgreSQL todo schema, by numbered migrations recorded in
/// `todo_schema_migrations` (version, name, when applied).
///
/// Every server runs them at start, in one transaction that first takes an advisory
/// lock: when two servers start at once, the second waits for the first, then finds
/// every version applied and changes nothing. A failed migration rolls back whole.
/// A migration once released is never edited: a change is a new version.
enum PostgresTodoMigrations {
    /// One step of the schema: its statements run in order.
    struct Migration {
        let version: Int
        let name: String
        let statements: [String]
    }

    /// Every migration, oldest first.
    static let all: [Migration] = [
        Migration(
            version: 1, name: "createTodos",
            statements: [
                // `position` orders todos made in the same millisecond by insertion.
                """
                CREATE TABLE todos (
                    position bigserial PRIMARY KEY,
                    object_id text NOT NULL UNIQUE,
                    content text NOT NULL,
                    status text NOT NULL DEFAULT 'todo' CHECK (status IN ('todo', 'finished')),
                    created_at text NOT NULL,
                    updated_at text NOT NULL
                )
                """,
                "CREATE INDEX todos_newest_first ON todos (created_at DESC, position DESC)",
            ]
        ),
        Migration(
            version: 2, name: "syncChanges",
            statements: [
                // A deleted todo keeps its row (its id stays taken: a retried create of
                // it is recognised) and leaves the list.
                "ALTER TABLE todos ADD COLUMN deleted_at text",
                // The change log: `cursor` is taken under the change log's advisory
                // lock (PostgresTodoStore), so its order is the commit order.
                """
                CREATE TABLE todo_changes (
                    cursor bigserial PRIMARY KEY,
                    kind text NOT NULL CHECK (kind IN ('created', 'updated', 'deleted')),
                    object_id text NOT NULL,
                    content text NOT NULL,
                    status text NOT NULL,
                    created_at text NOT NULL,
                    updated_at text NOT NULL
                )
                """,
                // Every todo made before enters the feed as created, oldest first.
                """
                INSERT INTO todo_changes (kind, object_id, content, status, created_at, updated_at)
                SELECT 'created', object_id, content, status, created_at, updated_at FROM todos ORDER BY created_at, position
                """,
            ]
        ),
    ]

    /// The advisory lock's name (hashed by the server to its key).
    static let lockName = "todo-server schema migrations"

    /// Applies the migrations the database lacks; returns the versions applied now.
    @discardableResult
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(lockName)))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS todo_schema_migrations (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """,
                logger: logger
            )
            var applied = Set<Int>()
            for try await version in try await connection.query(
                "SELECT version FROM todo_schema_migrations", logger: logger
            ).decode(Int.self) {
                applied.insert(version)
            }
            var appliedNow: [Int] = []
            for migration in all where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO todo_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger
                )
                appliedNow.append(migration.version)
            }
            return appliedNow
        }
    }
}
