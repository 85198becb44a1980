import TodosCore

// The todo service's JSON as the client reads it (the service's routes:
// Apps/docs/Todos.md). Only the fields the app shows are read; a missing one, or a
// status other than "todo" and "finished", makes the answer invalid (the original
// force-unwrapped `status` and `objectId`, and crashed).

/// One todo of `GET /todos/list` and of the changes feed, or the answer of
/// `POST /todos/list`.
struct TodoJSON: Decodable {
    let objectId: String
    let content: String
    let status: String

    /// The todo as the app's value; `nil` when its status is not one the app knows.
    func item() -> TodoItem? {
        TodoWire.status(status).map { TodoItem(id: objectId, title: content, status: $0) }
    }
}

/// One entry of `GET /todos/changes`.
struct RemoteChangeJSON: Decodable {
    let cursor: Int64
    let kind: String
    let todo: TodoJSON
}

/// `GET /todos/changes`'s answer.
struct ChangesPageJSON: Decodable {
    let changes: [RemoteChangeJSON]
    let cursor: Int64
    let more: Bool
}

/// `POST /todos/list/update`'s answer: `{"status":"success"}`.
struct UpdateAnswerJSON: Decodable {
    let status: String
}

/// The wire's names of statuses.
enum TodoWire {
    /// `"todo"` or `"finished"`.
    static func name(of status: TodoStatus) -> String {
        status == .finished ? "finished" : "todo"
    }

    /// The status named `name` on the wire, if any.
    static func status(_ name: String) -> TodoStatus? {
        switch name {
        case "todo": .normal
        case "finished": .finished
        default: nil
        }
    }
}
