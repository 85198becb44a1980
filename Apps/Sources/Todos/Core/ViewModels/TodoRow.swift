// TodoRow: one todo as its row shows it (the original's `TodoModelItem`, a struct of
// Signals, becomes a value: the list re-renders whole on each change). The row
// decides its text and the kind of its look; the view only maps that kind to a
// terminal style.
//
//     [ ] Buy milk                   plain
//     [x] Write the README           plain
//     [x] Call mum …                 syncing: a change to it (its creation, its
//                                    tick) waits in the queue or is on its way

/// How a row looks, as a kind the view maps to a style.
public enum TodoRowStyle: Sendable, Hashable {
    /// The todo as the service has it.
    case plain
    /// A change to it waits to be acknowledged by the server: shown dim.
    case syncing
}

/// One row of the list: the todo, what its checkbox shows, its text and look.
///
/// A change made here shows at once: a toggled todo moves to its new section at
/// once, with ``isSyncing`` set until the server acknowledged the change.
public struct TodoRow: Sendable, Hashable, Identifiable {
    /// The todo.
    public var item: TodoItem
    /// Whether the checkbox shows a tick: whether the todo is finished.
    public var isChecked: Bool
    /// Whether a change to the todo waits to be acknowledged by the server.
    public var isSyncing: Bool

    /// The todo's id: the row's identity in the list.
    public var id: String { item.id }
    /// The todo's text.
    public var title: String { item.title }
    /// What the row says: `[ ] Buy milk`, `[x] Buy milk`, and ` …` while syncing.
    public var text: String {
        (isChecked ? "[x] " : "[ ] ") + title + (isSyncing ? " …" : "")
    }
    /// How the row looks: ``TodoRowStyle/syncing`` while its change waits.
    public var style: TodoRowStyle {
        isSyncing ? .syncing : .plain
    }

    /// The row of `item`, syncing or not.
    public init(item: TodoItem, isSyncing: Bool = false) {
        self.item = item
        isChecked = item.status == .finished
        self.isSyncing = isSyncing
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

/// A section of the list as shown: its header and its rows.
public struct TodoSection: Sendable, Hashable {
    /// The header: "To Do" or "Finished".
    public var title: String
    /// The rows, newest first.
    public var rows: [TodoRow]

    /// A section titled `title` of `rows`.
    public init(title: String, rows: [TodoRow]) {
        self.title = title
        self.rows = rows
    }
}
