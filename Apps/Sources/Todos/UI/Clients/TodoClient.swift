import Foundation
import Ripple
import RippleFoundation
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
// Each is a cold producer over `URLSession.reactive.data(with:)`: one request per
// start, cancelled on the wire when the run is disposed, and failed with
// `TodoError.timedOut` when no answer came within `timeout` seconds on the injected
// scheduler (a virtual deadline in tests; the request is then cancelled too).
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
    public let baseURL: URL
    /// How long a request may wait for its answer before it fails with
    /// ``TodoError/timedOut(seconds:)``, in seconds of the scheduler.
    public let timeout: Double

    private let session: URLSession
    private let scheduler: any DateScheduler

    /// A client of the service at `baseURL`, each request failing after `timeout`
    /// seconds of `scheduler` without an answer (10 by default: the local service
    /// answers in milliseconds). It sends through `session`, or, by default, an
    /// ephemeral session of its own whose own timeout comes 5 s after the
    /// scheduler's deadline, as a last resort when that scheduler stands still.
    public init(baseURL: URL, scheduler: some DateScheduler, timeout: Double = 10, session: URLSession? = nil) {
        self.baseURL = baseURL
        self.scheduler = scheduler
        self.timeout = timeout
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout + 5
            return URLSession(configuration: configuration)
        }()
    }

    // MARK: TodoService

    /// `GET /todos/list`: the todos, newest first.
    public func list() -> SignalProducer<[TodoItem], TodoError> {
        send(URLRequest(url: url("todos/list")))
            .attemptMap { data -> Result<[TodoItem], TodoError> in
                Self.decode([TodoJSON].self, from: data).flatMap { todos in
                    var items: [TodoItem] = []
                    items.reserveCapacity(todos.count)
                    for todo in todos {
                        guard let item = todo.item() else { return .failure(Self.unknownStatus(todo)) }
                        items.append(item)
                    }
                    return .success(items)
                }
            }
    }

    /// `POST /todos/list` with `content=<title>`: the todo as saved.
    public func add(title: String) -> SignalProducer<TodoItem, TodoError> {
        send(post("todos/list", [("content", title)]))
            .attemptMap { data -> Result<TodoItem, TodoError> in
                Self.decode(TodoJSON.self, from: data).flatMap { todo in
                    todo.item().map(Result.success) ?? .failure(Self.unknownStatus(todo))
                }
            }
    }

    /// `POST /todos/list/update` with `objectId=<id>&status=todo|finished`; sends
    /// once the service answered `{"status":"success"}`.
    public func setStatus(_ status: TodoStatus, ofTodo id: String) -> SignalProducer<Void, TodoError> {
        send(post("todos/list/update", [("objectId", id), ("status", TodoWire.name(of: status))]))
            .attemptMap { data -> Result<Void, TodoError> in
                guard let answer = try? JSONDecoder().decode(UpdateAnswerJSON.self, from: data), answer.status == "success" else {
                    return .failure(.invalidResponse(reason: "the update was not confirmed (the answer was \(TodoWire.excerpt(data)))"))
                }
                return .success(())
            }
    }

    // MARK: Requests

    private func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    private func post(_ path: String, _ fields: [(name: String, value: String)]) -> URLRequest {
        var request = URLRequest(url: url(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = TodoWire.form(fields)
        return request
    }

    /// The body of a 2xx answer to `request`, or the failure, within the timeout.
    private func send(_ request: URLRequest) -> SignalProducer<Data, TodoError> {
        session.reactive.data(with: request)
            .validated()
            .map { data, _ in data }
            .mapError(Self.failure)
            .timeout(after: timeout, raising: .timedOut(seconds: timeout), on: scheduler)
    }

    private static func failure(_ error: RequestError) -> TodoError {
        switch error {
        case let .transport(urlError):
            .noResponse(reason: "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        case let .status(code, body):
            .rejected(status: code, message: error.decodedBody(as: ServiceErrorJSON.self)?.error ?? TodoWire.excerpt(body))
        case .decoding:
            .invalidResponse(reason: error.description)
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, from data: Data) -> Result<T, TodoError> {
        do {
            return .success(try JSONDecoder().decode(type, from: data))
        } catch let error as DecodingError {
            return .failure(.invalidResponse(reason: RequestError.decoding(error, body: data).description))
        } catch {
            return .failure(.invalidResponse(reason: "\(error)"))
        }
    }

    private static func unknownStatus(_ todo: TodoJSON) -> TodoError {
        .invalidResponse(reason: "the todo \(todo.objectId) has the status \"\(todo.status)\", neither \"todo\" nor \"finished\"")
    }
}
