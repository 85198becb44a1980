import AppClients
import Foundation
import Ripple
import TodosCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// TodoClient: the app's service over HTTP, against the local todo service (or the
// let.swift backend's routes anywhere), form-encoded like the original's client:
//
//     list()                 GET  /todos/list                                  → [TodoItem]
//     add(title:)            POST /todos/list         content=<title>          → the saved TodoItem
//     setStatus(_:ofTodo:)   POST /todos/list/update  objectId=<id>&status=todo|finished
//                                                     → {"status":"success"}
//
// The requests, their deadline on the injected scheduler and their failures are
// AppClients' `ServiceConnection`; this client maps what it answers to the app's
// values and `ServiceFailure` to `TodoError`:
//
// | what happened                                    | TodoError                   |
// |--------------------------------------------------|-----------------------------|
// | no response (refused, lost)                      | noResponse(reason)          |
// | no answer within `timeout`                       | timedOut(seconds)           |
// | a status outside 2xx                             | rejected(status, the JSON `error` or the body) |
// | a body that does not decode, an unknown status, an update answered with anything but `{"status":"success"}` (the original's `{'status':'failed'}`) | invalidResponse(reason) |

/// The todo service's HTTP client.
///
/// ```swift
/// let client = TodoClient(baseURL: services.url, scheduler: QueueScheduler.main)
/// client.add(title: "Buy milk").startWithResult { print($0) }
/// ```
public final class TodoClient: TodoService, Sendable {
    /// The service's base URL, for example `http://127.0.0.1:41234`.
    public var baseURL: URL { connection.baseURL }
    /// How long a request may wait for its answer before it fails with
    /// ``TodoError/timedOut(seconds:)``, in seconds of the scheduler.
    public var timeout: Double { connection.timeout }

    private let connection: ServiceConnection

    /// A client of the service at `baseURL`, each request failing after `timeout`
    /// seconds of `scheduler` without an answer (10 by default: the local service
    /// answers in milliseconds), sent through `session` or a session of its own
    /// (see ``ServiceConnection``).
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10, session: URLSession? = nil) {
        connection = ServiceConnection(baseURL: baseURL, scheduler: scheduler, timeout: timeout, session: session)
    }

    // MARK: TodoService

    /// `GET /todos/list`: the todos, newest first.
    public func list() -> SignalProducer<[TodoItem], TodoError> {
        connection.get("todos/list")
            .decoded(as: [TodoJSON].self)
            .attemptMap { todos -> Result<[TodoItem], ServiceFailure> in
                var items: [TodoItem] = []
                items.reserveCapacity(todos.count)
                for todo in todos {
                    guard let item = todo.item() else { return .failure(Self.unknownStatus(todo)) }
                    items.append(item)
                }
                return .success(items)
            }
            .mapError(Self.todoError)
    }

    /// `POST /todos/list` with `content=<title>`: the todo as saved.
    public func add(title: String) -> SignalProducer<TodoItem, TodoError> {
        connection.post("todos/list", form: [("content", title)])
            .decoded(as: TodoJSON.self)
            .attemptMap { todo in todo.item().map(Result.success) ?? .failure(Self.unknownStatus(todo)) }
            .mapError(Self.todoError)
    }

    /// `POST /todos/list/update` with `objectId=<id>&status=todo|finished`; sends
    /// once the service answered `{"status":"success"}`.
    public func setStatus(_ status: TodoStatus, ofTodo id: String) -> SignalProducer<Void, TodoError> {
        connection.post("todos/list/update", form: [("objectId", id), ("status", TodoWire.name(of: status))])
            .attemptMap { body -> Result<Void, ServiceFailure> in
                guard case let .success(answer) = ServiceFailure.decode(UpdateAnswerJSON.self, from: body), answer.status == "success" else {
                    return .failure(.unreadable(reason: "the update was not confirmed (the answer was \(ServiceFailure.excerpt(of: body)))"))
                }
                return .success(())
            }
            .mapError(Self.todoError)
    }

    // MARK: Failures

    private static func todoError(_ failure: ServiceFailure) -> TodoError {
        switch failure {
        case let .noResponse(urlError):
            .noResponse(reason: "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        case let .timedOut(seconds):
            .timedOut(seconds: seconds)
        case let .rejected(status, _):
            .rejected(status: status, message: failure.errorDocument?.message ?? failure.bodyExcerpt)
        case let .unreadable(reason), let .invalidRequest(reason):
            .invalidResponse(reason: reason)
        }
    }

    private static func unknownStatus(_ todo: TodoJSON) -> ServiceFailure {
        .unreadable(reason: "the todo \(todo.objectId) has the status \"\(todo.status)\", neither \"todo\" nor \"finished\"")
    }
}
