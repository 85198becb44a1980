// The changes the app makes and the ones the server reports. A change made here is
// queued in the local copy until the server acknowledges it; a change the server
// reports comes from its changes feed, in the server's commit order.

/// A change made on this client, to be sent to the server.
public enum TodoChange: Sendable, Hashable {
    /// A new todo, with the id this client made for it (so that a retry never
    /// creates a second one).
    case add(TodoItem)
    /// A new status for the todo with this id.
    case setStatus(id: String, status: TodoStatus)

    /// The id of the todo the change is about.
    public var todoID: String {
        switch self {
        case let .add(item): item.id
        case let .setStatus(id, _): id
        }
    }
}

/// A change waiting in the local copy's queue, with its place in it.
public struct QueuedChange: Sendable, Hashable {
    /// Its place in the queue: increasing in the order the changes were made.
    public var sequence: Int64
    /// The change.
    public var change: TodoChange

    /// A queued change made of its parts.
    public init(sequence: Int64, change: TodoChange) {
        self.sequence = sequence
        self.change = change
    }
}

/// One entry of the server's changes feed.
public struct RemoteChange: Sendable, Hashable {
    /// What happened to the todo.
    public enum Kind: String, Sendable, Hashable {
        /// It was created.
        case created
        /// Its status was set.
        case updated
        /// It was deleted.
        case deleted
    }

    /// The entry's place in the server's commit order.
    public var cursor: Int64
    /// What happened.
    public var kind: Kind
    /// The todo after the change (as it was, for a deletion).
    public var item: TodoItem

    /// An entry made of its parts.
    public init(cursor: Int64, kind: Kind, item: TodoItem) {
        self.cursor = cursor
        self.kind = kind
        self.item = item
    }
}

/// One answer of the changes feed: the entries after a cursor, in commit order.
public struct ChangesPage: Sendable, Hashable {
    /// The entries, in commit order.
    public var changes: [RemoteChange]
    /// The cursor to ask from next: the last entry's, or the one asked from.
    public var cursor: Int64
    /// Whether more entries follow at once.
    public var more: Bool

    /// A page made of its parts.
    public init(changes: [RemoteChange], cursor: Int64, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }
}
