import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The `todo-server` application (the Todo routes and `GET /health`) on each store
/// (real SQLite files, a real PostgreSQL database) and the health route on its own,
/// in process.
@Suite("todo-server")
struct TodoServerTests {
    @Test("GET /health answers 200 {database: ok, status: ok, store: sqlite or postgresql} while the todo store is open", arguments: TestStore.allCases)
    func healthAnswersOkWithStoreOpen(store: TestStore) async throws {
        try await withTodoServer(store) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.server] == "todo-server")
            let name = store == .sqlite ? "sqlite" : "postgresql"
            #expect(String(buffer: response.body) == #"{"database":"ok","status":"ok","store":""# + name + #""}"#)
        }
    }

    @Test("serves the Todo routes only: a todo is created and listed; a tweet route is unknown", arguments: TestStore.allCases)
    func servesTodoRoutesOnly(store: TestStore) async throws {
        try await withTodoServer(store) { client in
            let todo = try await client.createTodo("alone")
            #expect(try await client.todos() == [todo])
            let tweets = try await client.execute(uri: "/1.1/search/tweets.json?q=x", method: .get)
            #expect(tweets.status == .notFound)
        }
    }

    @Test("GET /todos/item/:objectId answers the todo, 404 for an unknown id, 400 for a malformed one", arguments: TestStore.allCases)
    func singleTodoByObjectId(store: TestStore) async throws {
        try await withTodoServer(store) { client in
            let todo = try await client.createTodo("one")
            let found = try await client.execute(uri: "/todos/item/\(todo.objectId)", method: .get)
            #expect(found.status == .ok)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: found.body)) == todo)

            let unknown = try await client.execute(uri: "/todos/item/0123456789abcdef01234567", method: .get)
            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body) == #"{"error":"no todo has this objectId","objectId":"0123456789abcdef01234567"}"#)

            let malformed = try await client.execute(uri: "/todos/item/x'%20OR%201=1", method: .get)
            #expect(malformed.status == .badRequest)
            #expect(String(buffer: malformed.body).contains(#""field":"objectId""#))
        }
    }

    @Test("GET /health answers 503 with a JSON error when the database check throws")
    func healthAnswers503WhenCheckThrows() async throws {
        let health = HealthService { throw HealthCheckFailure() }
        try await withApplication(of: [health]) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"{"database":"error","error":"the database does not answer: disk gone","status":"unavailable"}"#)
        }
    }

    @Test("GET /health answers 503 when the database check does not return within the timeout")
    func healthAnswers503WhenCheckHangs() async throws {
        // A check that waits until cancelled; a timeout of zero ends first.
        let health = HealthService(timeout: .zero) { try await Task.sleep(for: .seconds(3600)) }
        try await withApplication(of: [health]) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains(#""database":"error""#))
            #expect(String(buffer: response.body).contains("no answer within"))
        }
    }
}

/// The failure of a database check, for the health route's 503.
private struct HealthCheckFailure: Error, CustomStringConvertible {
    var description: String { "disk gone" }
}

/// Runs `body` against the `todo-server` application, listening on a free loopback
/// port, over a new store of `kind` (removed afterwards).
private func withTodoServer(_ kind: TestStore, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    try await withTestStore(kind) { store in
        let configuration = ServicesConfiguration(port: 0, dataDirectory: store.directory)
        // A timeout no loaded test machine reaches: these tests are about the answers.
        let app = try await TodoServer.application(
            configuration: configuration, database: store.todoDatabase, logger: quietLogger, healthTimeout: .seconds(600),
            databaseDeadline: testDatabaseDeadline
        )
        try await app.test(.live, body)
    }
}

/// Runs `body` against an application of `services` alone.
private func withApplication(
    of services: [any LocalService], _ body: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configuration = ServicesConfiguration(port: 0, dataDirectory: directory.url)
    let app = ServicesApplication.make(services: services, configuration: configuration, logger: quietLogger)
    try await app.test(.router, body)
}
