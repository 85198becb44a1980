// TodoRow: one todo as its row shows it (the original's `TodoModelItem`, a struct of
// Signals, becomes a value: the list re-renders whole on each change, APPS.md §2.4).

/// One row of the list: the todo, and what its checkbox shows.
///
/// While a toggle syncs, the row stays in its section with its checkbox already
/// showing the status asked for (``isChecked``) and ``isSyncing`` set; it moves once
/// the service has confirmed, and its checkbox goes back if the service refused.
public struct TodoRow: Sendable, Hashable, Identifiable {
    /// The todo.
    public var item: TodoItem
    /// Whether the checkbox shows a tick: the status asked for while syncing, else
    /// whether the todo is finished.
    public var isChecked: Bool
    /// Whether a change of the todo's status is on its way to the service.
    public var isSyncing: Bool

    /// The todo's id: the row's identity in the list.
    public var id: String { item.id }
    /// The todo's text.
    public var title: String { item.title }

    /// The row of `item`, with its checkbox showing `pendingStatus` while a change
    /// to it syncs (`nil`: none).
    public init(item: TodoItem, pendingStatus: TodoStatus? = nil) {
        self.item = item
        isChecked = (pendingStatus ?? item.status) == .finished
        isSyncing = pendingStatus != nil
    }
}

/// The two sections of the list, made together so that a todo that moves is never
/// shown in both or in neither.
public struct TodoLists: Sendable, Hashable {
    /// The "To Do" section, newest first.
    public var toDo: [TodoRow]
    /// The "Finished" section, newest first.
    public var finished: [TodoRow]

    /// Lists made of their sections.
    public init(toDo: [TodoRow] = [], finished: [TodoRow] = []) {
        self.toDo = toDo
        self.finished = finished
    }
}
