import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// One test per row of the Todo routes' table (Apps/docs/Services.md), each run on
/// both stores: real SQLite files, and a real PostgreSQL database.
@Suite("Todos routes")
struct TodosRouteTests {
    @Test("GET /todos/list on first start: 200, [], and the store's schema is created", arguments: TestStore.allCases)
    func listEmptyOnFirstStart(store: TestStore) async throws {
        try await withTodos(store) { client, opened in
            let response = try await client.execute(uri: "/todos/list", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == "[]")
            #expect(try await opened.schemaExists())
        }
    }

    @Test("GET /todos/list: newest first, at most 100", arguments: TestStore.allCases)
    func listNewestFirstAtMost100(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            var created: [Todo] = []
            for index in 0..<105 {
                created.append(try await client.createTodo("todo-\(index)"))
            }
            let list = try await client.todos()
            #expect(list.count == 100)
            #expect(list.map(\.content) == (5..<105).reversed().map { "todo-\($0)" })
            #expect(list.first == created.last)
            #expect(list.map(\.createdAt) == list.map(\.createdAt).sorted(by: >))
        }
    }

    @Test("POST /todos/list with a form: 200, the saved object, status defaults to todo", arguments: TestStore.allCases)
    func createFromForm(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            #expect(try await client.todos().isEmpty)  // fills the list cache
            let response = try await client.postForm("/todos/list", "content=Buy+milk+%26+eggs")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
            #expect(todo.content == "Buy milk & eggs")
            #expect(todo.status == .todo)
            #expect(isObjectId(todo.objectId))
            #expect(isTimestamp(todo.createdAt))
            #expect(todo.updatedAt == todo.createdAt)
            #expect(try await client.todos() == [todo])  // the cache was dropped by the write
        }
    }

    @Test("GET /todos/list: todos made in the same millisecond, the last made first", arguments: TestStore.allCases)
    func listTiesByInsertionOrder(store: TestStore) async throws {
        let instant = Date(timeIntervalSince1970: 1_767_225_600.5)
        let frozen = ServicesClock(now: { instant }, sleep: { _ in })
        try await withTodos(store, clock: frozen) { client, _ in
            for index in 0..<12 {
                _ = try await client.createTodo("same-\(index)")
            }
            let list = try await client.todos()
            #expect(list.map(\.content) == (0..<12).reversed().map { "same-\($0)" })
            #expect(Set(list.map(\.createdAt)) == ["2026-01-01T00:00:00.500Z"])
        }
    }

    @Test("POST /todos/list keeps any text, emoji, quotes and SQL included, byte for byte", arguments: TestStore.allCases)
    func createKeepsAnyText(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let content = "🦊 tab\there, 'quoted' \"twice\"; x' OR 1=1 --; DROP TABLE todos"
            let body = String(data: try JSONEncoder().encode(["content": content]), encoding: .utf8)!
            let response = try await client.postJSON("/todos/list", body)
            #expect(response.status == .ok)
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
            #expect(todo.content == content)
            #expect(try await client.todos().map(\.content) == [content])
            let single = try await client.execute(uri: "/todos/item/\(todo.objectId)", method: .get)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: single.body)).content == content)
        }
    }

    @Test("POST /todos/list with U+0000 in the content: 400 naming content, nothing stored", arguments: TestStore.allCases)
    func createRefusesNul(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let response = try await client.postJSON("/todos/list", #"{"content":"cut\u0000here"}"#)
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body) == #"{"error":"content must not contain U+0000","field":"content"}"#)
            #expect(try await client.todos().isEmpty)
        }
    }

    @Test("POST /todos/list with JSON: content and a valid status are kept", arguments: TestStore.allCases)
    func createFromJSON(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let response = try await client.postJSON("/todos/list", #"{"content":"Ship it","status":"finished"}"#)
            #expect(response.status == .ok)
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
            #expect(todo.content == "Ship it")
            #expect(todo.status == .finished)
        }
    }

    @Test("The saved object's JSON: sorted keys, exact bytes", arguments: TestStore.allCases)
    func createdObjectBytes(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let response = try await client.postForm("/todos/list", "content=a%2Fb")
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
            let expected = #"{"content":"a/b","createdAt":"\#(todo.createdAt)","objectId":"\#(todo.objectId)","#
                + #""status":"todo","updatedAt":"\#(todo.updatedAt)"}"#
            #expect(String(buffer: response.body) == expected)
            let list = try await client.execute(uri: "/todos/list", method: .get)
            #expect(String(buffer: list.body) == "[\(expected)]")
        }
    }

    @Test("POST /todos/list/update: 200 {\"status\":\"success\"}, the status changes", arguments: TestStore.allCases)
    func updateFound(store: TestStore) async throws {
        let clock = SteppingClock()
        try await withTodos(store, clock: clock.servicesClock) { client, _ in
            let todo = try await client.createTodo("walk")
            let response = try await client.postForm("/todos/list/update", "objectId=\(todo.objectId)&status=finished")
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == #"{"status":"success"}"#)
            let updated = try #require(try await client.todos().first)
            #expect(updated.objectId == todo.objectId)
            #expect(updated.status == .finished)
            #expect(updated.createdAt == todo.createdAt)
            #expect(updated.updatedAt > todo.updatedAt)

            let back = try await client.postJSON("/todos/list/update", #"{"objectId":"\#(todo.objectId)","status":"todo"}"#)
            #expect(back.status == .ok)
            #expect(try await client.todos().first?.status == .todo)
        }
    }

    @Test("POST /todos/list/update with an unknown id: 404, valid JSON with status failed", arguments: TestStore.allCases)
    func updateNotFound(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let response = try await client.postForm("/todos/list/update", "objectId=0123456789abcdef01234567&status=finished")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(
                String(buffer: response.body)
                    == #"{"error":"no todo has this objectId","objectId":"0123456789abcdef01234567","status":"failed"}"#
            )
        }
    }

    @Test("GET /todos: the HTML page with its form and the contents, newest first, escaped", arguments: TestStore.allCases)
    func htmlPage(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            _ = try await client.createTodo("first")
            _ = try await client.createTodo("%3Cb%3Esecond%3C%2Fb%3E")
            let response = try await client.execute(uri: "/todos", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: response.body)
            #expect(html.contains("<title>TODO 列表</title>"))
            #expect(html.contains(#"<form action="/todos" method="post">"#))
            #expect(html.contains(#"<input type="text" name="content""#))
            #expect(html.contains("<li>&lt;b&gt;second&lt;/b&gt;</li>\n    <li>first</li>"))
        }
    }

    @Test("POST /todos: saves the form's content and redirects 302 to /todos", arguments: TestStore.allCases)
    func htmlFormPost(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let response = try await client.postForm("/todos", "content=from+the+page")
            #expect(response.status == .found)
            #expect(response.headers[.location] == "/todos")
            #expect(try await client.todos().map(\.content) == ["from the page"])
        }
    }

    @Test("GET /: the index page with the current time", arguments: TestStore.allCases)
    func indexPage(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: response.body)
            let stamp = try #require(html.firstMatch(of: /Current time: (\S+)<\/p>/))
            #expect(isTimestamp(String(stamp.1)))
        }
    }

    @Test("GET /todos/list when the store fails: a prompt 503 JSON error, not a request that never answers", arguments: TestStore.allCases)
    func listStoreFailureCorrected(store: TestStore) async throws {
        let clock = SteppingClock()
        try await withTodos(store, clock: clock.servicesClock) { client, opened in
            try await opened.dropTable()
            let response = try await client.execute(uri: "/todos/list", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(jsonObject(response.body)?["error"] as? String == "the todo list could not be read")
            // Prompt in the services' time: no wait on their clock, where the original
            // waits out its 15 s timeout (FidelityTests).
            #expect(clock.requestedWaits.isEmpty)
        }
    }
}

/// Breaks the store under a running service, as a real query error would.
func dropTodosTable(in directory: URL) throws {
    let queue = try DatabaseQueue(path: directory.appendingPathComponent("todos.sqlite").path)
    try queue.write { db in try db.execute(sql: "DROP TABLE todos") }
}
