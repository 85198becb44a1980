import Foundation
import ServiceLifecycle

/// Where the todos live, as the Todo routes use it: ``TodoStore`` (SQLite, embedded)
/// or ``PostgresTodoStore`` (PostgreSQL, shared by several servers). Both give the
/// same answers: lists newest first, todos made in the same millisecond by insertion
/// order, at most ``TodoStore/listLimit``; deleted todos only in the changes feed.
///
/// Every write and its entry in the change log are committed in one transaction:
/// an acknowledged write is always in the feed, and a crash never leaves one
/// without the other.
public protocol TodoStoring: Sendable {
    /// Whether other processes may write to the same todos (several servers on one
    /// database): then a copy of the list kept by one process can be stale.
    var isSharedBetweenServers: Bool { get }
    /// Work that must run while the store is used (a connection pool), started and
    /// stopped with the server.
    var backgroundServices: [any Service] { get }
    /// Signalled after every commit of a change (on PostgreSQL, of any server).
    var changeSignal: TodoChangeSignal { get }
    /// The newest todos not deleted, newest first, at most ``TodoStore/listLimit``.
    func list() async throws -> [Todo]
    /// Saves a new todo made at `now` under `objectId` (lowercase; a new one when
    /// `nil`), unless a todo (even a deleted one) already has that id.
    func create(objectId: String?, content: String, status: TodoStatus, now: Date) async throws -> TodoCreation
    /// The todo with this id (lowercase), or `nil` when none has it or it is deleted.
    func todo(objectId: String) async throws -> Todo?
    /// Sets a todo's status and its `updatedAt` to `now`, a change in the feed even
    /// when the status was already that; returns whether a todo not deleted had
    /// that id. With `amongNewest`, only the newest ``TodoStore/listLimit`` todos
    /// are looked at, as the original did.
    func updateStatus(objectId: String, status: TodoStatus, amongNewest: Bool, now: Date) async throws -> Bool
    /// Deletes a todo (it leaves the list and the item route; the feed keeps it).
    func delete(objectId: String, now: Date) async throws -> TodoDeletion
    /// At most `limit` changes after `since`, oldest first.
    /// - Throws: ``TodoChangesError/cursorAhead(newest:)`` when `since` is past the
    ///   newest change.
    func changes(since: Int64, limit: Int) async throws -> TodoChangePage
    /// Asks the database a question only a working one answers, for the health route.
    /// - Throws: The database's error when it does not answer.
    func check() async throws
}

