import Ripple

// What the ViewModel needs from the outside world, as a protocol: the Todos module's
// `TodoClient` implements it against the local todo service, and the tests give the
// ViewModel stubs in virtual time (TodosStubs).

/// The let.swift todo backend, as seed 001's `TodoModel` used it: list, add, set a
/// status. Each call is a cold producer: one request per start, abandoned when the
/// run is disposed.
public protocol TodoService: Sendable {
    /// The todos, newest first (`getAllModelsAsync`): sends one list and completes,
    /// or fails.
    func list() -> SignalProducer<[TodoItem], TodoError>

    /// Saves a new todo saying `title` (`sendTodoAsync`): sends the todo as saved
    /// (its id, its status) and completes, or fails.
    func add(title: String) -> SignalProducer<TodoItem, TodoError>

    /// Sets the status of the todo `id` (`updateTodoStatusAsync`): sends one value
    /// once the service confirmed and completes, or fails.
    func setStatus(_ status: TodoStatus, ofTodo id: String) -> SignalProducer<Void, TodoError>
}
