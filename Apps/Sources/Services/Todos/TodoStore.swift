import Foundation
import GRDB
import ServiceLifecycle

/// The todos in SQLite (`todos.sqlite` under the data directory), through a GRDB
/// `DatabasePool`: WAL, `synchronous=NORMAL`, two readers (more hurt on 2 cores),
/// schema by migrations, every statement parameterised.
///
/// The change log (`todo_changes`) is appended in the same transaction as the write
/// it records. Its cursor is an `AUTOINCREMENT` rowid: SQLite has one writer at a
/// time, so cursor order is commit order, and a cursor is never reused.
public final class TodoStore: TodoStoring {
    /// The most todos a list returns (LeanCloud's default query limit).
    public static let listLimit = 100

    private let pool: DatabasePool

    /// The database file.
    public let path: String

    /// Signalled after every committed change.
    public let changeSignal = TodoChangeSignal()

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
        migrator.registerMigration("syncChanges") { db in
            // A deleted todo keeps its row (its id stays taken: a retried create of it
            // is recognised) and leaves the list; every existing todo enters the feed
            // as created, oldest first.
            try db.execute(sql: """
                ALTER TABLE todos ADD COLUMN deleted_at TEXT;
                CREATE TABLE todo_changes (
                    cursor INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('created', 'updated', 'deleted')),
                    object_id TEXT NOT NULL,
                    content TEXT NOT NULL,
                    status TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                INSERT INTO todo_changes (kind, object_id, content, status, created_at, updated_at)
                    SELECT 'created', object_id, content, status, created_at, updated_at FROM todos ORDER BY created_at, rowid;
                """)
        }
        return migrator
    }

    private static let columns = "object_id, content, status, created_at, updated_at"
    /// Newest first; todos made in the same millisecond by insertion order.
    private static let newestFirst = "ORDER BY created_at DESC, rowid DESC"
    /// The todos not deleted.
    private static let live = "deleted_at IS NULL"

    /// The newest todos not deleted, newest first, at most ``listLimit``.
    public func list() async throws -> [Todo] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM todos WHERE \(Self.live) \(Self.newestFirst) LIMIT ?"),
                arguments: [Self.listLimit]
            ).map(Self.todo)
        }
    }

    /// Saves a new todo under `objectId` (a new one when `nil`), unless a todo
    /// already has that id.
    public func create(objectId: String?, content: String, status: TodoStatus, now: Date = Date()) async throws -> TodoCreation {
        let stamp = TodoFormat.timestamp(now)
        let todo = Todo(
            content: content, status: status, objectId: objectId ?? TodoFormat.newObjectId(now: now), createdAt: stamp, updatedAt: stamp
        )
        let creation: TodoCreation = try await pool.write { db in
            if objectId != nil,
                let existing = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(Self.columns) FROM todos WHERE object_id = ?"), arguments: [todo.objectId]
                ).map(Self.todo)
            {
                return existing.content == content ? .alreadyCreated(existing) : .objectIdTaken
            }
            // Cached prepared statements: compiling the SQL on each create halved the write rate.
            try db.cachedStatement(sql: "INSERT INTO todos (\(Self.columns)) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [todo.objectId, todo.content, todo.status.rawValue, todo.createdAt, todo.updatedAt])
            try Self.log(.created, todo, in: db)
            return .created(todo)
        }
        if case .created = creation {
            changeSignal.notify()
        }
        return creation
    }

    /// The todo with this id, or `nil` when none has it or it is deleted.
    public func todo(objectId: String) async throws -> Todo? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM todos WHERE object_id = ? AND \(Self.live)"),
                arguments: [objectId]
            ).map(Self.todo)
        }
    }

    /// Deletes a todo: it stays in the table, marked, and its deletion enters the feed.
    public func delete(objectId: String, now: Date = Date()) async throws -> TodoDeletion {
        let stamp = TodoFormat.timestamp(now)
        let deletion: TodoDeletion = try await pool.write { db in
            guard
                let existing = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(Self.columns), deleted_at FROM todos WHERE object_id = ?"), arguments: [objectId]
                )
            else {
                return .unknown
            }
            if (existing["deleted_at"] as String?) != nil {
                return .alreadyDeleted
            }
            try db.cachedStatement(sql: "UPDATE todos SET deleted_at = ?, updated_at = ? WHERE object_id = ?")
                .execute(arguments: [stamp, stamp, objectId])
            var todo = Self.todo(existing)
            todo.updatedAt = stamp
            try Self.log(.deleted, todo, in: db)
            return .deleted
        }
        if deletion == .deleted {
            changeSignal.notify()
        }
        return deletion
    }

    /// At most `limit` changes after `since`, oldest first.
    /// - Throws: ``TodoChangesError/cursorAhead(newest:)`` when `since` is past the
    ///   newest change.
    public func changes(since: Int64, limit: Int) async throws -> TodoChangePage {
        try await pool.read { db in
            let fetched = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT cursor, kind, \(Self.columns) FROM todo_changes WHERE cursor > ? ORDER BY cursor LIMIT ?
                    """),
                arguments: [since, limit + 1]
            ).map(Self.change)
            if fetched.isEmpty {
                let newest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(cursor), 0) FROM todo_changes")) ?? 0
                if since > newest {
                    throw TodoChangesError.cursorAhead(newest: newest)
                }
            }
            return TodoChangePage.page(of: fetched, since: since, limit: limit)
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

    /// Sets a todo's status, a change in the feed; returns whether a todo not deleted
    /// had that id.
    /// - Parameter amongNewest: Look only among the newest ``listLimit`` todos, as
    ///   the original did (it loaded one list page and matched ids in it).
    public func updateStatus(objectId: String, status: TodoStatus, amongNewest: Bool = false, now: Date = Date()) async throws -> Bool {
        let stamp = TodoFormat.timestamp(now)
        let updated: Bool = try await pool.write { db in
            let sql = amongNewest
                ? """
                    SELECT \(Self.columns) FROM todos WHERE object_id = ? AND object_id IN (
                        SELECT object_id FROM todos WHERE \(Self.live) \(Self.newestFirst) LIMIT ?
                    )
                    """
                : "SELECT \(Self.columns) FROM todos WHERE object_id = ? AND \(Self.live)"
            let arguments: StatementArguments = amongNewest ? [objectId, Self.listLimit] : [objectId]
            guard var todo = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments).map(Self.todo) else {
                return false
            }
            try db.cachedStatement(sql: "UPDATE todos SET status = ?, updated_at = ? WHERE object_id = ?")
                .execute(arguments: [status.rawValue, stamp, objectId])
            todo.status = status
            todo.updatedAt = stamp
            try Self.log(.updated, todo, in: db)
            return true
        }
        if updated {
            changeSignal.notify()
        }
        return updated
    }

    /// Appends a change to the log, in the caller's transaction.
    private static func log(_ kind: TodoChangeKind, _ todo: Todo, in db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO todo_changes (kind, \(columns)) VALUES (?, ?, ?, ?, ?, ?)")
            .execute(arguments: [kind.rawValue, todo.objectId, todo.content, todo.status.rawValue, todo.createdAt, todo.updatedAt])
    }

    private static func change(_ row: Row) -> TodoChange {
        let kind: String = row["kind"]
        // A kind outside the three is never written (the table's CHECK).
        return TodoChange(cursor: row["cursor"], kind: TodoChangeKind(rawValue: kind) ?? .updated, todo: todo(row))
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
