import Foundation
import ServiceLifecycle

/// Where the todos live, as the Todo routes use it: ``TodoStore`` (SQLite, embedded)
/// or ``PostgresTodoStore`` (PostgreSQL, shared by several servers). Both give the
/// same answers: lists newest first, todos made in the same millisecond by insertion
/// order, at most ``TodoStore/listLimit``.
public protocol TodoStoring: Sendable {
    /// Whether other processes may write to the same todos (several servers on one
    /// database): then a copy of the list kept by one process can be stale.
    var isSharedBetweenServers: Bool { get }
    /// Work that must run while the store is used (a connection pool), started and
    /// stopped with the server.
    var backgroundServices: [any Service] { get }
    /// The newest todos, newest first, at most ``TodoStore/listLimit``.
    func list() async throws -> [Todo]
    /// Saves a new todo made at `now` and returns it as stored.
    func create(content: String, status: TodoStatus, now: Date) async throws -> Todo
    /// The todo with this id (lowercase), or `nil` when none has it.
    func todo(objectId: String) async throws -> Todo?
    /// Sets a todo's status and its `updatedAt` to `now`; returns whether a todo had
    /// that id. With `amongNewest`, only the newest ``TodoStore/listLimit`` todos are
    /// looked at, as the original did.
    func updateStatus(objectId: String, status: TodoStatus, amongNewest: Bool, now: Date) async throws -> Bool
    /// Asks the database a question only a working one answers, for the health route.
    /// - Throws: The database's error when it does not answer.
    func check() async throws
}
