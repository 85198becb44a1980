import Foundation
import GRDB
import ServiceLifecycle

/// The todos in SQLite (`todos.sqlite` under the data directory), through a GRDB
/// `DatabasePool`: WAL, `synchronous=NORMAL`, two readers (more hurt on 2 cores),
/// schema by migrations, every statement parameterised.
public final class TodoStore: TodoStoring {
    /// The most todos a list returns (LeanCloud's default query limit).
    public static let listLimit = 100

    private let pool: DatabasePool

    /// The database file.
    public let path: String

    /// Opens (creating on first use) the todo database in a directory.
    public init(directory: URL) throws {
        path = directory.appendingPathComponent("todos.sqlite").path
        pool = try ServiceDatabase.open(path: path, migrator: Self.migrator)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createTodos") { db in
            try db.execute(sql: """
                CREATE TABLE todos (
                    object_id TEXT PRIMARY KEY NOT NULL,
                    content TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'todo',
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                CREATE INDEX todos_by_created_at ON todos (created_at);
                """)
        }
        return migrator
    }

    private static let columns = "object_id, content, status, created_at, updated_at"
    /// Newest first; todos made in the same millisecond by insertion order.
    private static let newestFirst = "ORDER BY created_at DESC, rowid DESC"

    /// The newest todos, newest first, at most ``listLimit``.
    public func list() async throws -> [Todo] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM todos \(Self.newestFirst) LIMIT ?"),
                arguments: [Self.listLimit]
            ).map(Self.todo)
        }
    }

    /// Saves a new todo and returns it as stored.
    public func create(content: String, status: TodoStatus, now: Date = Date()) async throws -> Todo {
        let stamp = TodoFormat.timestamp(now)
        let todo = Todo(content: content, status: status, objectId: TodoFormat.newObjectId(now: now), createdAt: stamp, updatedAt: stamp)
        try await pool.write { db in
            // Cached prepared statements: compiling the SQL on each create halved the write rate.
            try db.cachedStatement(sql: "INSERT INTO todos (\(Self.columns)) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [todo.objectId, todo.content, todo.status.rawValue, todo.createdAt, todo.updatedAt])
        }
        return todo
    }

    /// The todo with this id, or `nil` when none has it.
    public func todo(objectId: String) async throws -> Todo? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM todos WHERE object_id = ?"),
                arguments: [objectId]
            ).map(Self.todo)
        }
    }

    /// Reads the schema (a query only a working database answers), for the health
    /// route.
    /// - Throws: The database's error when it does not answer.
    public func check() async throws {
        _ = try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
        }
    }

    /// Sets a todo's status; returns whether a todo had that id.
    /// - Parameter amongNewest: Look only among the newest ``listLimit`` todos, as
    ///   the original did (it loaded one list page and matched ids in it).
    public func updateStatus(objectId: String, status: TodoStatus, amongNewest: Bool = false, now: Date = Date()) async throws -> Bool {
        let stamp = TodoFormat.timestamp(now)
        return try await pool.write { db in
            if amongNewest {
                try db.cachedStatement(sql: """
                    UPDATE todos SET status = ?, updated_at = ?
                    WHERE object_id = ? AND object_id IN (SELECT object_id FROM todos \(Self.newestFirst) LIMIT ?)
                    """)
                    .execute(arguments: [status.rawValue, stamp, objectId, Self.listLimit])
            } else {
                try db.cachedStatement(sql: "UPDATE todos SET status = ?, updated_at = ? WHERE object_id = ?")
                    .execute(arguments: [status.rawValue, stamp, objectId])
            }
            return db.changesCount > 0
        }
    }

    private static func todo(_ row: Row) -> Todo {
        let status: String = row["status"]
        return Todo(
            content: row["content"],
            // A status outside the two is never written: every write goes through TodoStatus.
            status: TodoStatus(rawValue: status) ?? .todo,
            objectId: row["object_id"],
            createdAt: row["created_at"],
            updatedAt: row["updated_at"]
        )
    }
}

extension TodoStore {
    /// False: the file is this process's alone (SQLite's WAL needs one machine, and
    /// the server is the only writer), so the list can be cached until its next write.
    public var isSharedBetweenServers: Bool { false }

    /// None: GRDB's pool needs no task of its own.
    public var backgroundServices: [any Service] { [] }
}
