import Foundation
import Hummingbird
import ServiceLifecycle
import Synchronization

/// The let.swift Todo backend (seed 001: the original's routes and answers), over
/// SQLite or PostgreSQL (``TodoStoring``).
///
/// | Route | Answer |
/// |---|---|
/// | `GET /todos/list` | 200, JSON array of ``Todo``, newest first, at most 100; `?limit=N` (1…100) the newest N (not in the original) |
/// | `POST /todos/list` | 200, the saved ``Todo`` (form or JSON `content`, optional `status`) |
/// | `GET /todos/item/:objectId` | 200, the ``Todo``; unknown id 404; not an id 400 (not in the original) |
/// | `POST /todos/list/update` | 200 `{"status":"success"}`; unknown id 404 (original: 200 `{'status':'failed'}`) |
/// | `GET /todos` | 200, the HTML page "TODO 列表" with its form |
/// | `POST /todos` | 302 to `/todos` after saving the form's `content` |
/// | `GET /` | 200, an index page with the current time |
///
/// On a store of its own (SQLite), the encoded list is cached until the next write,
/// so reading the list costs no query while nothing changes. On a store other
/// servers write to (PostgreSQL), there is no cache: this process does not see their
/// writes, so its copy would be served stale. Checking a copy against a change
/// counter would cost a round trip to the database anyway (about what the indexed
/// 100-row query costs), and a counter row that every write updates would make all
/// writes of all servers wait on one row lock.
public struct TodosService: LocalService {
    private let store: any TodoStoring
    private let configuration: ServicesConfiguration
    private let cache: ListCache?

    /// Opens the todo store under the configuration's data directory.
    public init(configuration: ServicesConfiguration) throws {
        self.init(store: try TodoStore(directory: configuration.dataDirectory), configuration: configuration)
    }

    /// Serves the todos of a store already opened (``PostgresTodoStore``); the list
    /// is cached only when the store is not shared between servers.
    public init(store: any TodoStoring, configuration: ServicesConfiguration) {
        self.store = store
        self.configuration = configuration
        self.cache = store.isSharedBetweenServers ? nil : ListCache()
    }

    /// The store's own work (a connection pool), run beside the server.
    public var backgroundServices: [any Service] {
        store.backgroundServices
    }

    /// The service's paths and methods.
    public var routes: [String: Set<HTTPRequest.Method>] {
        [
            "/": [.get],
            "/todos": [.get, .post],
            "/todos/list": [.get, .post],
            "/todos/list/update": [.post],
            "/todos/item/:objectId": [.get],
        ]
    }

    /// Adds the routes to the router.
    public func mount(on router: Router<BasicRequestContext>) {
        router.get("/todos/list") { request, _ in try await list(limit: TodoListLimit.parse(request)) }
        router.post("/todos/list") { request, _ in try await create(request) }
        router.post("/todos/list/update") { request, _ in try await update(request) }
        router.get("/todos/item/:objectId") { _, context in try await single(context) }
        router.get("/todos") { _, _ in try await page() }
        router.post("/todos") { request, _ in try await createFromPage(request) }
        router.get("/") { _, _ in index() }
    }

    // MARK: Routes

    /// The list, or only its newest `limit` todos when a limit under the list's own
    /// is asked (not cached: the cache holds the whole list's answer).
    private func list(limit: Int?) async throws -> Response {
        if let limit, limit < TodoStore.listLimit {
            let todos: [Todo]
            do {
                todos = try await store.list()
            } catch {
                return try await listFailed(error)
            }
            return .json(ByteBuffer(bytes: try Self.encoder.encode(Array(todos.prefix(limit)))))
        }
        if let body = cache?.body() {
            return .json(body)
        }
        let generation = cache?.generation()
        let todos: [Todo]
        do {
            todos = try await store.list()
        } catch {
            return try await listFailed(error)
        }
        let body = ByteBuffer(bytes: try Self.encoder.encode(todos))
        if let cache, let generation {
            cache.store(body, ifGeneration: generation)
        }
        return .json(body)
    }

    private func listFailed(_ error: any Error) async throws -> Response {
        switch configuration.fidelity {
        case .corrected:
            throw ServiceError(.serviceUnavailable, "the todo list could not be read", cause: error)
        case .original:
            // The original logged the error and never answered; its connect-timeout
            // middleware gave Express's 503 page after 15 s.
            try await configuration.clock.sleep(configuration.originalTimeout)
            return .html(status: .serviceUnavailable, "Response timeout")
        }
    }

    private func create(_ request: Request) async throws -> Response {
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        let content = try Self.content(fields)
        // The original read `status` and ignored it; corrected, a valid one is kept.
        let status = try Self.status(fields) ?? .todo
        let todo = try await save(content: content, status: configuration.fidelity == .original ? .todo : status)
        return .json(ByteBuffer(bytes: try Self.encoder.encode(todo)))
    }

    private func single(_ context: BasicRequestContext) async throws -> Response {
        let objectId = context.parameters.get("objectId") ?? ""
        guard TodoFormat.isObjectId(objectId) else {
            throw ServiceError.badRequest("objectId must be 24 hexadecimal characters", field: "objectId")
        }
        guard let todo = try await store.todo(objectId: objectId.lowercased()) else {
            throw ServiceError(.notFound, "no todo has this objectId", context: ["objectId": objectId])
        }
        return .json(ByteBuffer(bytes: try Self.encoder.encode(todo)))
    }

    /// Checks that the todo database answers (the health route's question).
    /// - Throws: The database's error when it does not.
    public func checkDatabase() async throws {
        try await store.check()
    }

    private func update(_ request: Request) async throws -> Response {
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        let objectId = try fields.requiredString("objectId")
        guard TodoFormat.isObjectId(objectId) else {
            throw ServiceError.badRequest("objectId must be 24 hexadecimal characters", field: "objectId")
        }
        guard let status = try Self.status(fields) else {
            throw ServiceError.badRequest("status is required", field: "status")
        }
        let original = configuration.fidelity == .original
        let found = try await store.updateStatus(
            objectId: objectId.lowercased(), status: status, amongNewest: original, now: configuration.clock.now()
        )
        if found {
            cache?.invalidate()
            return .json(Data(#"{"status":"success"}"#.utf8))
        }
        if original {
            return .html("{'status':'failed'}")
        }
        throw ServiceError(.notFound, "no todo has this objectId", context: ["objectId": objectId, "status": "failed"])
    }

    private func page() async throws -> Response {
        let todos = try await store.list()
        let items = todos.map { "    <li>\(Self.escapeHTML($0.content))</li>" }.joined(separator: "\n")
        return .html("""
            <!DOCTYPE html>
            <html>
            <head>
              <meta charset="utf-8">
              <title>TODO 列表</title>
            </head>
            <body>
              <h1>TODO 列表</h1>
              <form action="/todos" method="post">
                <input type="text" name="content" placeholder="Type todo here...">
                <button type="submit">添加</button>
              </form>
              <ul>
            \(items)
              </ul>
            </body>
            </html>

            """)
    }

    private func createFromPage(_ request: Request) async throws -> Response {
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        _ = try await save(content: try Self.content(fields), status: .todo)
        return Response(status: .found, headers: [.location: "/todos", .contentLength: "0"])
    }

    private func index() -> Response {
        .html("""
            <!DOCTYPE html>
            <html>
            <head>
              <meta charset="utf-8">
              <title>Ripple services</title>
            </head>
            <body>
              <h1>Ripple services</h1>
              <p>Current time: \(TodoFormat.timestamp(configuration.clock.now()))</p>
              <p><a href="/todos">TODO 列表</a></p>
            </body>
            </html>

            """)
    }

    // MARK: Helpers

    private func save(content: String, status: TodoStatus) async throws -> Todo {
        let todo = try await store.create(content: content, status: status, now: configuration.clock.now())
        cache?.invalidate()
        return todo
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func content(_ fields: RequestFields) throws -> String {
        let content = try fields.requiredString("content")
        guard !content.isEmpty else {
            throw ServiceError.badRequest("content must not be empty", field: "content")
        }
        // Neither store keeps U+0000 in text (SQLite cut the text there; PostgreSQL
        // refuses it): refused alike, never stored short.
        guard !content.unicodeScalars.contains("\u{0}") else {
            throw ServiceError.badRequest("content must not contain U+0000", field: "content")
        }
        return content
    }

    private static func status(_ fields: RequestFields) throws -> TodoStatus? {
        guard let text = try fields.string("status") else { return nil }
        guard let status = TodoStatus(rawValue: text) else {
            throw ServiceError.badRequest("status must be \"todo\" or \"finished\"", field: "status")
        }
        return status
    }

    static func escapeHTML(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// The encoded `GET /todos/list` answer, kept until the next write.
///
/// A reader notes the generation before its query and stores its answer only if
/// no write came in between, so a stale list is never cached.
final class ListCache: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var body: ByteBuffer?
    }

    private let state = Mutex(State())

    func body() -> ByteBuffer? {
        state.withLock { $0.body }
    }

    func generation() -> UInt64 {
        state.withLock { $0.generation }
    }

    func store(_ body: ByteBuffer, ifGeneration generation: UInt64) {
        state.withLock { state in
            if state.generation == generation {
                state.body = body
            }
        }
    }

    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.body = nil
        }
    }
}
