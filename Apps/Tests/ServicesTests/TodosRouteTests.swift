import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// One test per row of the Todo routes' table (Apps/docs/Services.md), against real SQLite files.
@Suite("Todos routes")
struct TodosRouteTests {
    @Test("GET /todos/list on first start: 200, [], and the database file is created")
    func listEmptyOnFirstStart() async throws {
        try await withServices { client, directory in
            let response = try await client.execute(uri: "/todos/list", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == "[]")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("todos.sqlite").path))
        }
    }

    @Test("GET /todos/list: newest first, at most 100")
    func listNewestFirstAtMost100() async throws {
        try await withServices { client, _ in
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

    @Test("POST /todos/list with a form: 200, the saved object, status defaults to todo")
    func createFromForm() async throws {
        try await withServices { client, _ in
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

    @Test("POST /todos/list with JSON: content and a valid status are kept")
    func createFromJSON() async throws {
        try await withServices { client, _ in
            let response = try await client.postJSON("/todos/list", #"{"content":"Ship it","status":"finished"}"#)
            #expect(response.status == .ok)
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
            #expect(todo.content == "Ship it")
            #expect(todo.status == .finished)
        }
    }

    @Test("The saved object's JSON: sorted keys, exact bytes")
    func createdObjectBytes() async throws {
        try await withServices { client, _ in
            let response = try await client.postForm("/todos/list", "content=a%2Fb")
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
            let expected = #"{"content":"a/b","createdAt":"\#(todo.createdAt)","objectId":"\#(todo.objectId)","#
                + #""status":"todo","updatedAt":"\#(todo.updatedAt)"}"#
            #expect(String(buffer: response.body) == expected)
            let list = try await client.execute(uri: "/todos/list", method: .get)
            #expect(String(buffer: list.body) == "[\(expected)]")
        }
    }

    @Test("POST /todos/list/update: 200 {\"status\":\"success\"}, the status changes")
    func updateFound() async throws {
        let clock = SteppingClock()
        try await withServices(clock: clock.servicesClock) { client, _ in
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

    @Test("POST /todos/list/update with an unknown id: 404, valid JSON with status failed")
    func updateNotFound() async throws {
        try await withServices { client, _ in
            let response = try await client.postForm("/todos/list/update", "objectId=0123456789abcdef01234567&status=finished")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(
                String(buffer: response.body)
                    == #"{"error":"no todo has this objectId","objectId":"0123456789abcdef01234567","status":"failed"}"#
            )
        }
    }

    @Test("GET /todos: the HTML page with its form and the contents, newest first, escaped")
    func htmlPage() async throws {
        try await withServices { client, _ in
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

    @Test("POST /todos: saves the form's content and redirects 302 to /todos")
    func htmlFormPost() async throws {
        try await withServices { client, _ in
            let response = try await client.postForm("/todos", "content=from+the+page")
            #expect(response.status == .found)
            #expect(response.headers[.location] == "/todos")
            #expect(try await client.todos().map(\.content) == ["from the page"])
        }
    }

    @Test("GET /: the index page with the current time")
    func indexPage() async throws {
        try await withServices { client, _ in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: response.body)
            let stamp = try #require(html.firstMatch(of: /Current time: (\S+)<\/p>/))
            #expect(isTimestamp(String(stamp.1)))
        }
    }

    @Test("GET /todos/list when the store fails: a prompt 503 JSON error, not a request that never answers")
    func listStoreFailureCorrected() async throws {
        let clock = SteppingClock()
        try await withServices(clock: clock.servicesClock) { client, directory in
            try dropTodosTable(in: directory)
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
