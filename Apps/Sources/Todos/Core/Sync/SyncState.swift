// SyncState: what the sync knows, as a value. The screen shows the queue replayed
// over the todos the server confirmed: a change made here shows at once, and stays
// on top of whatever the server reports about its todo until it is sent (it is
// committed later, so it wins: last write by the server's order).
//
//     confirmed (the server's, to the cursor) ─▶ + queued changes, in order ─▶ items

/// Whether the server answers, as far as the sync knows.
public enum SyncConnection: Sendable, Hashable {
    /// No request has ended yet.
    case unknown
    /// The last request got an answer.
    case online
    /// The last request got none (or a failure worth retrying): the sync waits,
    /// then tries again.
    case offline
}

/// The todos confirmed, the changes waiting, the cursor and the connection.
struct SyncState: Sendable, Hashable {
    /// The todos as the server has them, newest first.
    var confirmed: [TodoItem] = []
    /// The changes not yet acknowledged, oldest first.
    var queue: [QueuedChange] = []
    /// The changes feed's cursor.
    var cursor: Int64 = 0
    /// Whether the server answers.
    var connection = SyncConnection.unknown
    /// The failures in a row (0 after any answer): the backoff's exponent.
    var failures = 0

    /// The todos as shown: the queue replayed over the confirmed todos.
    var items: [TodoItem] {
        var items = confirmed
        for queued in queue { Self.apply(queued.change, to: &items) }
        return items
    }

    /// The rows of both sections; a todo with a change waiting is syncing.
    var lists: TodoLists {
        let waiting = Set(queue.map(\.change.todoID))
        var lists = TodoLists()
        for item in items {
            let row = TodoRow(item: item, isSyncing: waiting.contains(item.id))
            if item.status == .finished { lists.finished.append(row) } else { lists.toDo.append(row) }
        }
        return lists
    }

    /// Applies a change made here to `items`: a new todo on top (once), a status set
    /// on the todo if it is still there.
    static func apply(_ change: TodoChange, to items: inout [TodoItem]) {
        switch change {
        case let .add(item):
            if !items.contains(where: { $0.id == item.id }) { items.insert(item, at: 0) }
        case let .setStatus(id, status):
            if let index = items.firstIndex(where: { $0.id == id }) { items[index].status = status }
        }
    }

    /// Applies the feed's entries, in order, to the confirmed todos: a created or
    /// updated todo replaces the one with its id (or goes on top), a deleted one
    /// leaves.
    mutating func apply(_ page: ChangesPage) {
        for change in page.changes {
            switch change.kind {
            case .created, .updated:
                if let index = confirmed.firstIndex(where: { $0.id == change.item.id }) {
                    confirmed[index] = change.item
                } else {
                    confirmed.insert(change.item, at: 0)
                }
            case .deleted:
                confirmed.removeAll { $0.id == change.item.id }
            }
        }
        cursor = max(cursor, page.cursor)
    }
}
