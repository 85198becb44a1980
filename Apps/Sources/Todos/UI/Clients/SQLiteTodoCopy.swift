import Foundation
import GRDB
import TodosCore

// SQLiteTodoCopy: the app's local copy, `todos-app.sqlite` in the app's data
// directory (one per data directory: two launches on two directories are two
// clients of the server). SQLite's rollback journal with `synchronous=FULL`
// (GRDB's DatabaseQueue defaults): a call that returned is on disk.
//
//     confirmed_todos  position (0 = newest), object_id, title, status
//     queued_changes   sequence (increasing), kind (add | status), object_id, title, status
//     sync_cursor      one row: the changes feed's cursor

/// The local copy of the todos in SQLite.
///
/// ```swift
/// let copy = try SQLiteTodoCopy(directory: dataDirectory)
/// let queued = try copy.enqueue(.add(TodoItem(id: id, title: "Buy milk", status: .normal)))
/// ```
public final class SQLiteTodoCopy: TodoLocalCopy {
    /// The file's name in the data directory.
    public static let fileName = "todos-app.sqlite"

    private let database: DatabaseQueue

    /// Opens the copy in `directory` (creating both on first use).
    public convenience init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(database: DatabaseQueue(path: directory.appendingPathComponent(Self.fileName).path))
    }

    /// A copy in memory, gone when the app ends: for an app with no data directory.
    public static func inMemory() throws -> SQLiteTodoCopy {
        try SQLiteTodoCopy(database: DatabaseQueue())
    }

    private init(database: DatabaseQueue) throws {
        self.database = database
        try Self.migrator.migrate(database)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createLocalCopy") { db in
            try db.execute(sql: """
                CREATE TABLE confirmed_todos (
                    position INTEGER PRIMARY KEY NOT NULL,
                    object_id TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    status TEXT NOT NULL
                );
                CREATE TABLE queued_changes (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    object_id TEXT NOT NULL,
                    title TEXT,
                    status TEXT NOT NULL
                );
                CREATE TABLE sync_cursor (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    cursor INTEGER NOT NULL
                );
                INSERT INTO sync_cursor (id, cursor) VALUES (1, 0);
                """)
        }
        return migrator
    }

    // MARK: TodoLocalCopy

    /// The confirmed todos (newest first), the queue (oldest first) and the cursor.
    public func read() throws -> LocalSnapshot {
        try database.read { db in
            let confirmed = try Row.fetchAll(db, sql: "SELECT object_id, title, status FROM confirmed_todos ORDER BY position")
                .map { row in
                    TodoItem(id: row["object_id"], title: row["title"], status: Self.status(row["status"]))
                }
            let queue = try Row.fetchAll(db, sql: "SELECT sequence, kind, object_id, title, status FROM queued_changes ORDER BY sequence")
                .map(Self.queued)
            let cursor = try Int64.fetchOne(db, sql: "SELECT cursor FROM sync_cursor WHERE id = 1") ?? 0
            return LocalSnapshot(confirmed: confirmed, queue: queue, cursor: cursor)
        }
    }

    /// Appends `change` to the queue.
    public func enqueue(_ change: TodoChange) throws -> QueuedChange {
        try database.write { db in
            switch change {
            case let .add(item):
                try db.execute(
                    sql: "INSERT INTO queued_changes (kind, object_id, title, status) VALUES ('add', ?, ?, ?)",
                    arguments: [item.id, item.title, Self.name(of: item.status)])
            case let .setStatus(id, status):
                try db.execute(
                    sql: "INSERT INTO queued_changes (kind, object_id, status) VALUES ('status', ?, ?)",
                    arguments: [id, Self.name(of: status)])
            }
            return QueuedChange(sequence: db.lastInsertedRowID, change: change)
        }
    }

    /// Replaces the confirmed todos and the cursor and removes queued changes, in
    /// one transaction.
    public func commit(confirmed: [TodoItem], cursor: Int64, removing sequences: [Int64]) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM confirmed_todos")
            let insert = try db.cachedStatement(sql: "INSERT INTO confirmed_todos (position, object_id, title, status) VALUES (?, ?, ?, ?)")
            for (position, item) in confirmed.enumerated() {
                try insert.execute(arguments: [position, item.id, item.title, Self.name(of: item.status)])
            }
            try db.execute(sql: "UPDATE sync_cursor SET cursor = ? WHERE id = 1", arguments: [cursor])
            let delete = try db.cachedStatement(sql: "DELETE FROM queued_changes WHERE sequence = ?")
            for sequence in sequences { try delete.execute(arguments: [sequence]) }
        }
    }

    // MARK: Rows

    private static func queued(_ row: Row) -> QueuedChange {
        let id: String = row["object_id"]
        let status = Self.status(row["status"])
        let kind: String = row["kind"]
        let change: TodoChange = kind == "add"
            ? .add(TodoItem(id: id, title: row["title"] ?? "", status: status))
            : .setStatus(id: id, status: status)
        return QueuedChange(sequence: row["sequence"], change: change)
    }

    private static func name(of status: TodoStatus) -> String {
        TodoWire.name(of: status)
    }

    private static func status(_ name: String) -> TodoStatus {
        TodoWire.status(name) ?? .normal
    }
}
