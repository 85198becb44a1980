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
/// | `POST /todos/list` | 200, the saved ``Todo`` (form or JSON `content`, optional `status`, optional client `objectId`: a retry with the same content 200, other content 409) |
/// | `GET /todos/item/:objectId` | 200, the ``Todo``; unknown or deleted id 404; not an id 400 (not in the original) |
/// | `POST /todos/list/update` | 200 `{"status":"success"}`; unknown or deleted id 404 (original: 200 `{'status':'failed'}`) |
/// | `DELETE /todos/item/:objectId` | 200 `{"status":"success"}`, again for a deleted id; unknown id 404 (sync, not in the original) |
/// | `GET /todos/changes?since=&limit=` | 200, a ``TodoChangePage``; `since` ahead of the newest change 409 (sync) |
/// | `GET /todos/changes/stream?since=` | 200, `text/event-stream`: the changes after `since`, then each one committed (sync) |
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
    /// How often an open change stream sends a keep-alive comment.
    let keepAlive: Duration

    /// Opens the todo store under the configuration's data directory.
    public init(configuration: ServicesConfiguration) throws {
        self.init(store: try TodoStore(directory: configuration.dataDirectory), configuration: configuration)
    }

    /// Serves the todos of a store already opened (``PostgresTodoStore``); the list
    /// is cached only when the store is not shared between servers.
    /// - Parameter keepAlive: How often an open change stream sends a comment line
    ///   while nothing changes (15 s).
    public init(store: any TodoStoring, configuration: ServicesConfiguration, keepAlive: Duration = .seconds(15)) {
        self.store = store
        self.configuration = configuration
        self.keepAlive = keepAlive
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
            "/todos/item/:objectId": [.get, .delete],
            "/todos/changes": [.get],
            "/todos/changes/stream": [.get],
        ]
    }

    /// Adds the routes to the router.
    public func mount(on router: Router<BasicRequestContext>) {
        router.get("/todos/list") { request, _ in try await list(limit: TodoListLimit.parse(request)) }
        router.post("/todos/list") { request, _ in try await create(request) }
        router.post("/todos/list/update") { request, _ in try await update(request) }
        router.get("/todos/item/:objectId") { _, context in try await single(context) }
        router.delete("/todos/item/:objectId") { _, context in try await delete(context) }
        router.get("/todos/changes") { request, _ in try await changes(request) }
        router.get("/todos/changes/stream") { request, _ in try await changeStream(request) }
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
        let objectId = try fields.string("objectId").map(Self.objectId)
        let creation = try await store.create(
            objectId: objectId, content: content, status: configuration.fidelity == .original ? .todo : status,
            now: configuration.clock.now()
        )
        switch creation {
        case .created(let todo):
            cache?.invalidate()
            return .json(ByteBuffer(bytes: try Self.encoder.encode(todo)))
        case .alreadyCreated(let todo):
            return .json(ByteBuffer(bytes: try Self.encoder.encode(todo)))
        case .objectIdTaken:
            throw ServiceError(.conflict, "objectId already names another todo", context: ["field": "objectId", "objectId": objectId ?? ""])
        }
    }

    private func single(_ context: BasicRequestContext) async throws -> Response {
        let objectId = try Self.objectId(context.parameters.get("objectId") ?? "")
        guard let todo = try await store.todo(objectId: objectId) else {
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
        let objectId = try Self.objectId(fields.requiredString("objectId"))
        guard let status = try Self.status(fields) else {
            throw ServiceError.badRequest("status is required", field: "status")
        }
        let original = configuration.fidelity == .original
        let found = try await store.updateStatus(
            objectId: objectId, status: status, amongNewest: original, now: configuration.clock.now()
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

    private func delete(_ context: BasicRequestContext) async throws -> Response {
        let objectId = try Self.objectId(context.parameters.get("objectId") ?? "")
        switch try await store.delete(objectId: objectId, now: configuration.clock.now()) {
        case .deleted:
            cache?.invalidate()
            return .json(Data(#"{"status":"success"}"#.utf8))
        case .alreadyDeleted:
            return .json(Data(#"{"status":"success"}"#.utf8))
        case .unknown:
            throw ServiceError(.notFound, "no todo has this objectId", context: ["objectId": objectId])
        }
    }

    private func changes(_ request: Request) async throws -> Response {
        let query = try TodoChangesQuery.parse(request)
        let page = try await Self.changePage(store, since: query.since, limit: query.limit)
        return .json(ByteBuffer(bytes: try Self.encoder.encode(page)))
    }

    /// The store's page, its cursor error as the routes' 409.
    static func changePage(_ store: any TodoStoring, since: Int64, limit: Int) async throws -> TodoChangePage {
        do {
            return try await store.changes(since: since, limit: limit)
        } catch TodoChangesError.cursorAhead(let newest) {
            throw ServiceError(
                .conflict, "the cursor is ahead of this server's changes: read the list again",
                context: ["field": "since", "since": String(since), "newest": String(newest)]
            )
        }
    }

    private func changeStream(_ request: Request) async throws -> Response {
        let query = try TodoChangesQuery.parse(request)
        // Subscribed before the first read: a change committed in between wakes it.
        let subscription = store.changeSignal.subscribe(keepAlive: keepAlive)
        // The cursor is checked before the answer starts, so a bad one is a 409.
        _ = try await Self.changePage(store, since: query.since, limit: 1)
        let stream = TodoChangeStream(store: store, since: query.since, subscription: subscription)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody { writer in try await stream.write(to: &writer) }
        )
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
        try await save(content: try Self.content(fields), status: .todo)
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

    private func save(content: String, status: TodoStatus) async throws {
        _ = try await store.create(objectId: nil, content: content, status: status, now: configuration.clock.now())
        cache?.invalidate()
    }

    /// A well-formed object id, lowercased.
    /// - Throws: 400 naming `objectId` when it is not 24 hexadecimal characters.
    private static func objectId(_ text: String) throws -> String {
        guard TodoFormat.isObjectId(text) else {
            throw ServiceError.badRequest("objectId must be 24 hexadecimal characters", field: "objectId")
        }
        return text.lowercased()
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
