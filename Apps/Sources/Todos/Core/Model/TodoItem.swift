// The values of seed 001 (the original's `TodoModelItem` and `TodoStatus`): a todo as
// the app shows it and its status. Reading them from the service's JSON is the
// client's business (the Todos module's `TodoJSON`); these are plain values.

/// Whether a todo is still to do or done (the original's `TodoStatus`).
public enum TodoStatus: String, Sendable, Hashable, CaseIterable {
    /// Still to do: the "To Do" section (the original's `.Normal`; `"todo"` on the wire).
    case normal
    /// Done: the "Finished" section (the original's `.Finished`; `"finished"` on the wire).
    case finished

    /// The other status: what a checkbox toggle asks for.
    public var toggled: TodoStatus {
        self == .normal ? .finished : .normal
    }
}

/// One todo: its service id, its text, its status.
///
/// ```swift
/// let item = TodoItem(id: "6b061a3b34cad1fa73566099", title: "Buy milk", status: .normal)
/// ```
public struct TodoItem: Sendable, Hashable, Identifiable {
    /// The service's `objectId` (24 hexadecimal characters): the row's identity.
    public var id: String
    /// What the todo says (`content`).
    public var title: String
    /// To do or finished.
    public var status: TodoStatus

    /// A todo made of its fields.
    public init(id: String, title: String, status: TodoStatus) {
        self.id = id
        self.title = title
        self.status = status
    }
}
