// What the app keeps on the device: the todos as the server last had them, the
// queue of changes made here and not yet acknowledged, and the feed's cursor. The
// Todos module's `SQLiteTodoCopy` keeps them in SQLite; the ViewModel decides
// everything, the copy only stores.

/// What the local copy holds.
public struct LocalSnapshot: Sendable, Hashable {
    /// The todos as the server had them at `cursor`, with the changes it
    /// acknowledged since, newest first.
    public var confirmed: [TodoItem]
    /// The changes not yet acknowledged, in the order they were made.
    public var queue: [QueuedChange]
    /// The changes feed's cursor: every change up to it is in `confirmed`.
    public var cursor: Int64

    /// A snapshot made of its parts.
    public init(confirmed: [TodoItem] = [], queue: [QueuedChange] = [], cursor: Int64 = 0) {
        self.confirmed = confirmed
        self.queue = queue
        self.cursor = cursor
    }
}

/// The local copy's storage. Every call is one transaction: it happens whole or
/// not at all, and what it wrote survives a crash once it returned.
public protocol TodoLocalCopy: Sendable {
    /// Everything the copy holds.
    func read() throws -> LocalSnapshot

    /// Adds `change` at the end of the queue and returns it with its place.
    func enqueue(_ change: TodoChange) throws -> QueuedChange

    /// Replaces the confirmed todos and the cursor, and removes the queued changes
    /// with these sequence numbers (acknowledged or dropped), together.
    func commit(confirmed: [TodoItem], cursor: Int64, removing sequences: [Int64]) throws
}
