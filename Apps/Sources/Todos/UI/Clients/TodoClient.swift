import AppClients
import Foundation
import Ripple
import TodosCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// TodoClient: the app's todo server over HTTP (the local todo service, or a
// `todo-server` anywhere), form-encoded like the original's client:
//
//     send(.add(item))            POST /todos/list         content=<title>&objectId=<id> → the saved todo
//                                 (a retry of the same add answers 200 again: never two todos)
//     send(.setStatus(id, s))     POST /todos/list/update  objectId=<id>&status=todo|finished
//                                                          → {"status":"success"}
//     changes(since: cursor)      GET  /todos/changes?since=<cursor> → {"changes":[…],"cursor":…,"more":…}
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

/// The todo server's HTTP client.
///
/// ```swift
/// let client = TodoClient(baseURL: services.url, scheduler: QueueScheduler.main)
/// client.changes(since: 0).startWithResult { print($0) }
/// ```
public final class TodoClient: TodoRemote, Sendable {
    /// The server's base URL, for example `http://127.0.0.1:41234`.
    public var baseURL: URL { connection.baseURL }
    /// How long a request may wait for its answer before it fails with
    /// ``TodoError/timedOut(seconds:)``, in seconds of the scheduler.
    public var timeout: Double { connection.timeout }

    private let connection: ServiceConnection

    /// A client of the server at `baseURL`, each request failing after `timeout`
    /// seconds of `scheduler` without an answer (10 by default: the local service
    /// answers in milliseconds), sent through `session` or a session of its own
    /// (see ``ServiceConnection``).
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10, session: URLSession? = nil) {
        connection = ServiceConnection(baseURL: baseURL, scheduler: scheduler, timeout: timeout, session: session)
    }

    // MARK: TodoRemote

    /// Sends a change made here: an add with its id, or a status.
    public func send(_ change: TodoChange) -> SignalProducer<Void, TodoError> {
        switch change {
        case let .add(item):
            add(item)
        case let .setStatus(id, status):
            setStatus(status, ofTodo: id)
        }
    }

    /// `GET /todos/changes?since=<cursor>`: the changes committed after `cursor`.
    public func changes(since cursor: Int64) -> SignalProducer<ChangesPage, TodoError> {
        connection.get("todos/changes", query: [URLQueryItem(name: "since", value: String(cursor))])
            .decoded(as: ChangesPageJSON.self)
            .attemptMap { page -> Result<ChangesPage, ServiceFailure> in
                var changes: [RemoteChange] = []
                changes.reserveCapacity(page.changes.count)
                for change in page.changes {
                    guard let kind = RemoteChange.Kind(rawValue: change.kind) else {
                        return .failure(.unreadable(reason: "the change \(change.cursor) is \"\(change.kind)\", not created, updated or deleted"))
                    }
                    guard let item = change.todo.item() else { return .failure(Self.unknownStatus(change.todo)) }
                    changes.append(RemoteChange(cursor: change.cursor, kind: kind, item: item))
                }
                return .success(ChangesPage(changes: changes, cursor: page.cursor, more: page.more))
            }
            .mapError(Self.todoError)
    }

    /// `POST /todos/list` with `content=<title>&objectId=<id>`: sends once the
    /// server answered the todo with that id.
    func add(_ item: TodoItem) -> SignalProducer<Void, TodoError> {
        connection.post("todos/list", form: [("content", item.title), ("objectId", item.id)])
            .decoded(as: TodoJSON.self)
            .attemptMap { todo -> Result<Void, ServiceFailure> in
                guard todo.item() != nil else { return .failure(Self.unknownStatus(todo)) }
                guard todo.objectId.lowercased() == item.id.lowercased() else {
                    return .failure(.unreadable(reason: "the todo was saved as \(todo.objectId), not \(item.id)"))
                }
                return .success(())
            }
            .mapError(Self.todoError)
    }

    /// `POST /todos/list/update` with `objectId=<id>&status=todo|finished`; sends
    /// once the server answered `{"status":"success"}`.
    func setStatus(_ status: TodoStatus, ofTodo id: String) -> SignalProducer<Void, TodoError> {
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
