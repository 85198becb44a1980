import AppsTestSupport
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The sync routes (client ids, deletion, the changes feed), each run on both
/// stores.
@Suite("Todos sync routes")
struct TodoSyncRouteTests {
    @Test("GET /todos/changes: every create, update and delete, in commit order, with ascending cursors", arguments: TestStore.allCases)
    func feedHasEveryWriteInOrder(store: TestStore) async throws {
        let clock = SteppingClock()
        try await withTodos(store, clock: clock.servicesClock) { client, _ in
            let empty = try await client.changes()
            #expect(empty == TodoChangePage(changes: [], cursor: 0, more: false))

            let walk = try await client.createTodo("walk")
            let read = try await client.createTodo("read")
            try await client.setStatus(walk.objectId, .finished)
            let deleted = try await client.deleteTodo(read.objectId)
            #expect(deleted.status == .ok)
            #expect(String(buffer: deleted.body) == #"{"status":"success"}"#)

            let page = try await client.changes()
            #expect(page.changes.map(\.kind) == [.created, .created, .updated, .deleted])
            #expect(page.changes.map(\.todo.objectId) == [walk.objectId, read.objectId, walk.objectId, read.objectId])
            let cursors = page.changes.map(\.cursor)
            #expect(cursors.allSatisfy { $0 > 0 })
            #expect(cursors == cursors.sorted() && Set(cursors).count == cursors.count)
            #expect(page.cursor == cursors.last)
            #expect(!page.more)
            #expect(page.changes[0].todo == walk)
            #expect(page.changes[2].todo.status == .finished)
            #expect(page.changes[2].todo.updatedAt > walk.updatedAt)
            // The deleted todo as it was, its updatedAt the deletion's time.
            let gone = page.changes[3].todo
            #expect(gone.content == "read" && gone.createdAt == read.createdAt && gone.status == .todo)
            #expect(gone.updatedAt > page.changes[2].todo.updatedAt)

            let after = try await client.changes(since: cursors[1])
            #expect(after.changes == Array(page.changes[2...]))
        }
    }

    @Test("GET /todos/changes: the feed's JSON, exact bytes", arguments: TestStore.allCases)
    func feedBytes(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let todo = try await client.createTodo("a%2Fb")
            let response = try await client.execute(uri: "/todos/changes", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let cursor = try await client.changes().cursor
            let encoded = #"{"content":"a/b","createdAt":"\#(todo.createdAt)","objectId":"\#(todo.objectId)","status":"todo","updatedAt":"\#(todo.updatedAt)"}"#
            #expect(String(buffer: response.body) == #"{"changes":[{"cursor":\#(cursor),"kind":"created","todo":\#(encoded)}],"cursor":\#(cursor),"more":false}"#)
        }
    }

    @Test("GET /todos/changes with a limit: pages of at most that many, more until the last, then none after it", arguments: TestStore.allCases)
    func feedPages(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            var made: [Todo] = []
            for index in 0..<7 {
                made.append(try await client.createTodo("page-\(index)"))
            }
            let first = try await client.changes(limit: 3)
            #expect(first.changes.map(\.todo) == Array(made[0..<3]))
            #expect(first.more)
            #expect(first.cursor == first.changes.last?.cursor)
            let second = try await client.changes(since: first.cursor, limit: 3)
            #expect(second.changes.map(\.todo) == Array(made[3..<6]))
            #expect(second.more)
            let third = try await client.changes(since: second.cursor, limit: 3)
            #expect(third.changes.map(\.todo) == [made[6]])
            #expect(!third.more)
            let none = try await client.changes(since: third.cursor, limit: 3)
            #expect(none == TodoChangePage(changes: [], cursor: third.cursor, more: false))
            #expect(try await client.allChanges(pageSize: 2).map(\.todo) == made)
        }
    }

    @Test("POST /todos/list with a client objectId: kept lowercased; a retry with the same content is one todo and one change", arguments: TestStore.allCases)
    func retriedCreateIsOneTodo(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let objectId = clientObjectId()
            let first = try await client.create("milk", objectId: objectId.uppercased())
            #expect(first.status == .ok)
            let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: first.body))
            #expect(todo.objectId == objectId)
            #expect(todo.content == "milk")

            let retry = try await client.postJSON("/todos/list", #"{"content":"milk","objectId":"\#(objectId)"}"#)
            #expect(retry.status == .ok)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: retry.body)) == todo)
            #expect(try await client.todos() == [todo])
            #expect(try await client.allChanges().map(\.kind) == [.created])

            // A retry after an update answers the todo as stored now, and writes nothing.
            try await client.setStatus(objectId, .finished)
            let late = try await client.create("milk", objectId: objectId)
            #expect(late.status == .ok)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: late.body)).status == .finished)
            #expect(try await client.allChanges().map(\.kind) == [.created, .updated])
        }
    }

    @Test("POST /todos/list with an objectId another todo has: 409, nothing written, even once it is deleted", arguments: TestStore.allCases)
    func objectIdOfAnotherTodoConflicts(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let objectId = clientObjectId()
            #expect(try await client.create("mine", objectId: objectId).status == .ok)
            let conflict = try await client.create("theirs", objectId: objectId)
            #expect(conflict.status == .conflict)
            #expect(
                String(buffer: conflict.body) == #"{"error":"objectId already names another todo","field":"objectId","objectId":"\#(objectId)"}"#
            )
            #expect(try await client.todos().map(\.content) == ["mine"])

            #expect(try await client.deleteTodo(objectId).status == .ok)
            #expect(try await client.create("theirs", objectId: objectId).status == .conflict)
            // The retry of the first create: 200, and the todo stays deleted.
            #expect(try await client.create("mine", objectId: objectId).status == .ok)
            #expect(try await client.todos().isEmpty)
            #expect(try await client.allChanges().map(\.kind) == [.created, .deleted])
        }
    }

    @Test("DELETE /todos/item: gone from the list, the item, the page; its update 404; a second delete 200; one change", arguments: TestStore.allCases)
    func deleteRemovesEverywhere(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let kept = try await client.createTodo("kept")
            let doomed = try await client.createTodo("doomed")
            #expect(try await client.todos().count == 2)  // fills the list cache

            let deleted = try await client.deleteTodo(doomed.objectId.uppercased())
            #expect(deleted.status == .ok)
            #expect(String(buffer: deleted.body) == #"{"status":"success"}"#)
            #expect(try await client.todos() == [kept])
            #expect(try await client.execute(uri: "/todos/list?limit=5", method: .get).body == ByteBuffer(bytes: try JSONEncoder.sorted.encode([kept])))
            let item = try await client.execute(uri: "/todos/item/\(doomed.objectId)", method: .get)
            #expect(item.status == .notFound)
            let page = String(buffer: try await client.execute(uri: "/todos", method: .get).body)
            #expect(page.contains("<li>kept</li>") && !page.contains("doomed"))
            let update = try await client.postForm("/todos/list/update", "objectId=\(doomed.objectId)&status=finished")
            #expect(update.status == .notFound)

            let again = try await client.deleteTodo(doomed.objectId)
            #expect(again.status == .ok)
            #expect(String(buffer: again.body) == #"{"status":"success"}"#)
            #expect(try await client.allChanges().map(\.kind) == [.created, .created, .deleted])
        }
    }

    @Test("DELETE /todos/item with an id never seen: 404; not an id: 400 naming objectId", arguments: TestStore.allCases)
    func deleteUnknownOrMalformed(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let unknown = try await client.deleteTodo("0123456789abcdef01234567")
            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body) == #"{"error":"no todo has this objectId","objectId":"0123456789abcdef01234567"}"#)
            let malformed = try await client.deleteTodo("nope")
            #expect(malformed.status == .badRequest)
            #expect(jsonObject(malformed.body)?["field"] as? String == "objectId")
            #expect(try await client.allChanges().isEmpty)
        }
    }

    @Test("POST /todos/list/update: the last write the server commits wins; every update is in the feed, the same status too", arguments: TestStore.allCases)
    func lastWriteWins(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            let todo = try await client.createTodo("contested")
            try await client.setStatus(todo.objectId, .finished)
            try await client.setStatus(todo.objectId, .todo)
            try await client.setStatus(todo.objectId, .todo)
            #expect(try await client.todos().first?.status == .todo)
            let updates = try await client.allChanges().filter { $0.kind == .updated }
            #expect(updates.map(\.todo.status) == [.finished, .todo, .todo])

            // Concurrent updates: whichever the server committed last is the todo's status.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask { try await client.setStatus(todo.objectId, index.isMultiple(of: 2) ? .finished : .todo) }
                }
                try await group.waitForAll()
            }
            let changes = try await client.allChanges()
            #expect(changes.filter { $0.kind == .updated }.count == 23)
            #expect(try await client.todos().first?.status == changes.last?.todo.status)
            let item = try await client.execute(uri: "/todos/item/\(todo.objectId)", method: .get)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: item.body)) == changes.last?.todo)
        }
    }

    @Test(
        "GET /todos/changes with a bad since or limit: 400 naming it; a cursor ahead of the newest change: 409",
        arguments: TestStore.allCases
    )
    func badCursors(store: TestStore) async throws {
        try await withTodos(store) { client, _ in
            _ = try await client.createTodo("one")
            let newest = try await client.changes().cursor
            for (query, field) in [
                ("since=-1", "since"), ("since=x1", "since"), ("since=99999999999999999999", "since"), ("since=%2B1", "since"),
                ("limit=0", "limit"), ("limit=1001", "limit"), ("limit=-3", "limit"), ("limit=1e2", "limit"),
            ] {
                let response = try await client.execute(uri: "/todos/changes?\(query)", method: .get)
                #expect(response.status == .badRequest, "\(query)")
                #expect(jsonObject(response.body)?["field"] as? String == field, "\(query)")
            }
            #expect(try await client.changes(since: newest, limit: 1000).changes.isEmpty)
            let ahead = try await client.execute(uri: "/todos/changes?since=\(newest + 1)", method: .get)
            #expect(ahead.status == .conflict)
            #expect(jsonObject(ahead.body)?["error"] as? String == "the cursor is ahead of this server's changes: read the list again")
        }
    }
}

/// The SQLite store's migration of a database made before the change log.
@Suite("Todo store migration")
struct TodoStoreMigrationTests {
    @Test("todos made before the change log enter the feed as created, oldest first, and stay listed")
    func existingTodosEnterTheFeed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let queue = try DatabaseQueue(path: directory.url.appendingPathComponent("todos.sqlite").path)
        var before = DatabaseMigrator()
        before.registerMigration("createTodos") { db in
            try db.execute(sql: """
                CREATE TABLE todos (object_id TEXT PRIMARY KEY NOT NULL, content TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'todo',
                    created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
                CREATE INDEX todos_by_created_at ON todos (created_at);
                INSERT INTO todos VALUES ('00000000000000000000000b', 'second', 'finished', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z');
                INSERT INTO todos VALUES ('00000000000000000000000a', 'first', 'todo', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
                """)
        }
        try before.migrate(queue)
        try queue.close()

        let store = try TodoStore(directory: directory.url)
        let page = try await store.changes(since: 0, limit: 10)
        #expect(page.changes.map(\.cursor) == [1, 2])
        #expect(page.changes.map(\.kind) == [.created, .created])
        #expect(page.changes.map(\.todo.content) == ["first", "second"])
        #expect(page.changes[1].todo.status == .finished)
        #expect(try await store.list().map(\.content) == ["second", "first"])
    }
}

extension JSONEncoder {
    /// Keys sorted, slashes unescaped: the services' encoding.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
