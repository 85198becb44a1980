import Foundation

/// One entry of the changes feed (`GET /todos/changes`): a write the server
/// committed, with its place in the commit order.
///
/// ```json
/// {"cursor":43,"kind":"deleted","todo":{"content":"walk","createdAt":"…","objectId":"…","status":"todo","updatedAt":"…"}}
/// ```
public struct TodoChange: Codable, Sendable, Equatable {
    /// The change's place in the commit order: positive, ascending with it.
    public var cursor: Int64
    /// What the write did.
    public var kind: TodoChangeKind
    /// The todo as the write left it (a deleted one as it was, its `updatedAt` the
    /// deletion's time).
    public var todo: Todo

    /// Makes a change.
    public init(cursor: Int64, kind: TodoChangeKind, todo: Todo) {
        self.cursor = cursor
        self.kind = kind
        self.todo = todo
    }
}

/// What a change did to its todo.
public enum TodoChangeKind: String, Codable, Sendable, CaseIterable {
    /// A todo was made.
    case created
    /// A todo's status was set.
    case updated
    /// A todo was deleted.
    case deleted
}

/// One answer of the changes feed: the changes after a cursor, oldest first.
///
/// ```json
/// {"changes":[…],"cursor":43,"more":false}
/// ```
public struct TodoChangePage: Codable, Sendable, Equatable {
    /// At most the limit asked for, ascending cursors.
    public var changes: [TodoChange]
    /// The last change's cursor, or the cursor asked from when there is none: the
    /// `since` of the next question.
    public var cursor: Int64
    /// Whether more changes follow this page.
    public var more: Bool

    /// Makes a page.
    public init(changes: [TodoChange], cursor: Int64, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }

    /// The page of `fetched` changes after `since` when `limit + 1` were asked for:
    /// the first `limit` of them, and whether there was one more.
    static func page(of fetched: [TodoChange], since: Int64, limit: Int) -> TodoChangePage {
        let kept = Array(fetched.prefix(limit))
        return TodoChangePage(changes: kept, cursor: kept.last?.cursor ?? since, more: fetched.count > limit)
    }
}

/// What a create with a client's object id came to.
public enum TodoCreation: Sendable, Equatable {
    /// Saved now, as returned.
    case created(Todo)
    /// A todo already had this id and the same content (the retry of a create whose
    /// answer was lost): nothing was written; the todo as stored now.
    case alreadyCreated(Todo)
    /// A todo already has this id with other content: nothing was written.
    case objectIdTaken
}

/// What a delete came to.
public enum TodoDeletion: Sendable, Equatable {
    /// Deleted now.
    case deleted
    /// Deleted before: nothing was written.
    case alreadyDeleted
    /// No todo ever had this id.
    case unknown
}

/// The changes feed's question could not be answered as asked.
public enum TodoChangesError: Error, Equatable {
    /// The cursor is past the newest change (another server's database, or one
    /// reset since the client last read).
    case cursorAhead(newest: Int64)
}
