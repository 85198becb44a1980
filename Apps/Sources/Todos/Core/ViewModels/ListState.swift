// ListState: what the ViewModel knows of the list: the todos as last loaded and
// changed, the toggles on their way, and the changes confirmed while a load is in
// flight (applied to its answer, so that a load never brings back an older state).

/// The todos as last loaded and changed, the toggles syncing, and the changes made
/// while a load is in flight.
struct ListState: Sendable {
    /// A change the service confirmed.
    enum Change: Sendable {
        case added(TodoItem)
        case statusSet(id: String, status: TodoStatus)
    }

    /// Every todo, newest first.
    var items: [TodoItem] = []
    /// The status asked for, by id, of each todo whose toggle syncs.
    var pending: [String: TodoStatus] = [:]
    /// The changes confirmed since the load in flight started; `nil` when no load is.
    var changesDuringLoad: [Change]?

    /// The rows of both sections.
    var lists: TodoLists {
        var lists = TodoLists()
        for item in items {
            let row = TodoRow(item: item, pendingStatus: pending[item.id])
            if item.status == .finished { lists.finished.append(row) } else { lists.toDo.append(row) }
        }
        return lists
    }

    /// Applies a confirmed change, and keeps it for the answer of a load in flight.
    mutating func apply(_ change: Change) {
        Self.apply(change, to: &items)
        changesDuringLoad?.append(change)
    }

    /// Takes a loaded list, with the changes confirmed since its request started.
    mutating func load(_ loaded: [TodoItem]) {
        var loaded = loaded
        for change in changesDuringLoad ?? [] { Self.apply(change, to: &loaded) }
        items = loaded
    }

    private static func apply(_ change: Change, to items: inout [TodoItem]) {
        switch change {
        case let .added(item):
            if !items.contains(where: { $0.id == item.id }) { items.insert(item, at: 0) }
        case let .statusSet(id, status):
            if let index = items.firstIndex(where: { $0.id == id }) { items[index].status = status }
        }
    }
}
