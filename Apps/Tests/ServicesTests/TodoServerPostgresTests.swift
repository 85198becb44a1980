import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// `todo-server` on PostgreSQL: several servers on one database, the schema's
/// migrations, the `--database` URL and its errors.
@Suite("todo-server on PostgreSQL", .timeLimit(.minutes(5)))
struct TodoServerPostgresTests {
    @Test("two servers on one database: a write through one is read through the other at once; both list the same")
    func twoServersShareOneDatabase() async throws {
        try await withTestStore(.postgres) { store in
            let configuration = ServicesConfiguration(port: 0, dataDirectory: store.directory)
            let first = try await TodoServer.application(configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline)
            let second = try await TodoServer.application(configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline)
            try await first.test(.router) { one in
                try await second.test(.router) { other in
                    // Each reads the list first: a per-process cache would now hold [].
                    #expect(try await one.todos() == [])
                    #expect(try await other.todos() == [])

                    let todo = try await one.createTodo("through-the-first")
                    #expect(try await other.todos() == [todo])
                    let single = try await other.execute(uri: "/todos/item/\(todo.objectId)", method: .get)
                    #expect(single.status == .ok)
                    #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: single.body)) == todo)

                    let update = try await other.postForm("/todos/list/update", "objectId=\(todo.objectId)&status=finished")
                    #expect(update.status == .ok)
                    #expect(try await one.todos().first?.status == .finished)

                    for index in 0..<6 {
                        _ = try await (index.isMultiple(of: 2) ? one : other).createTodo("alternate-\(index)")
                    }
                    let listedByOne = try await one.todos()
                    #expect(listedByOne.count == 7)
                    #expect(listedByOne == (try await other.todos()))
                }
            }
        }
    }

    @Test("two stores opening a new database at once: the schema is migrated once; a restart changes nothing")
    func concurrentStartsMigrateOnce() async throws {
        try await withTestStore(.postgres) { store in
            let database = try #require(store.database)
            async let first = PostgresTodoStore.open(database, logger: quietLogger)
            async let second = PostgresTodoStore.open(database, logger: quietLogger)
            _ = try await (first, second)
            #expect(try await TestPostgres.integers("SELECT version FROM todo_schema_migrations ORDER BY version", on: database) == [1, 2])

            _ = try await PostgresTodoStore.open(database, logger: quietLogger)
            #expect(try await TestPostgres.integers("SELECT count(*) FROM todo_schema_migrations", on: database) == [2])
            #expect(try await TestPostgres.integers("SELECT count(*) FROM todos", on: database) == [0])
        }
    }

    @Test("a todo written before a restart is served after it, by a new store on the same database")
    func todosOutliveTheServer() async throws {
        try await withTestStore(.postgres) { store in
            let configuration = ServicesConfiguration(port: 0, dataDirectory: store.directory)
            let before = try await TodoServer.application(configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline)
            let todo = try await before.test(.router) { client in try await client.createTodo("kept") }
            let after = try await TodoServer.application(configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline)
            try await after.test(.router) { client in
                let listed = try await client.todos()
                #expect(listed == [todo])
            }
        }
    }

    @Test("a database that does not answer: one line naming it (without its password) and the reason")
    func unreachableDatabaseIsOneLine() async throws {
        let port = try freeLoopbackPort()
        let location = PostgresDatabaseURL(host: "127.0.0.1", port: port, username: "todo", password: "secret", database: "todos")
        let error = try await #require(throws: PostgresTodoStoreError.self) {
            _ = try await PostgresTodoStore.open(location, logger: quietLogger)
        }
        #expect(error.description == "cannot reach the database postgres://todo@127.0.0.1:\(port)/todos: connection refused")
    }

    @Test("a database that does not exist: the server's own message")
    func missingDatabaseNamesIt() async throws {
        let existing = try await TestPostgres.database()
        var missing = existing
        missing.database = "no_such_database"
        let error = try await #require(throws: PostgresTodoStoreError.self) {
            _ = try await PostgresTodoStore.open(missing, logger: quietLogger)
        }
        #expect(error.description.contains(#"database "no_such_database" does not exist"#))
        try await TestPostgres.drop(existing)
    }
}

/// The `--database` URL's forms and its mistakes.
@Suite("PostgreSQL database URL")
struct PostgresDatabaseURLTests {
    @Test("a full URL: host, port, user, password and database; postgresql:// too; percent-encoding undone")
    func parsesEveryPart() throws {
        let url = try PostgresDatabaseURL(parsing: "postgres://todo:p%40ss%2Fword@db.example:6543/todos")
        #expect(url == PostgresDatabaseURL(host: "db.example", port: 6543, username: "todo", password: "p@ss/word", database: "todos"))
        #expect(url.description == "postgres://todo@db.example:6543/todos")
        let long = try PostgresDatabaseURL(parsing: "postgresql://todo@127.0.0.1/todos?sslmode=disable")
        #expect(long == PostgresDatabaseURL(host: "127.0.0.1", port: 5432, username: "todo", database: "todos"))
    }

    @Test(
        "a URL that cannot be used is refused, saying why",
        arguments: [
            ("localhost:5432/todos", "must start with postgres://"),
            ("mysql://todo@localhost/todos", "must start with postgres:// (not mysql://)"),
            ("postgres:///todos", "has no host"),
            ("postgres://localhost/todos", "has no user name"),
            ("postgres://todo@localhost", "must name one database"),
            ("postgres://todo@localhost/a/b", "must name one database"),
            ("postgres://todo@localhost/todos?sslmode=require", "has the parameter sslmode, not supported"),
            ("postgres://todo@localhost:0/todos", "outside 1…65535"),
            ("not a url at all", "the database URL"),
        ]
    )
    func refusesWithReason(text: String, reason: String) {
        #expect {
            _ = try PostgresDatabaseURL(parsing: text)
        } throws: { error in
            (error as? PostgresDatabaseURLError)?.description.contains(reason) == true
        }
    }
}

/// The `todo-server` executable on PostgreSQL, as a child process.
@Suite("todo-server command line on PostgreSQL", .timeLimit(.minutes(5)))
struct TodoServerPostgresCommandLineTests {
    @Test("--database: prints the database (no password), serves GET /health and a create, exits 0 on SIGTERM")
    func servesFromPostgres() async throws {
        let database = try await TestPostgres.database()
        var withPassword = database
        withPassword.password = "unused-by-trust"
        let url = "postgres://\(database.username):unused-by-trust@127.0.0.1:\(database.port)/\(database.database)"
        let server = try ServerProcess(
            program: "todo-server", arguments: ["--port", "0", "--database", url, "--database-timeout", "600"]
        )
        defer { server.kill() }
        let port = try await server.waitForPort()
        #expect(server.output == "todo-server database: \(withPassword)\ntodo-server listening on http://127.0.0.1:\(port)\n")
        #expect(!server.output.contains("unused-by-trust"))

        let client = LoopbackClient()
        let health = try await client.get(URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect(health.status == 200)
        #expect(health.text == #"{"database":"ok","status":"ok","store":"postgresql"}"#)
        let created = try await client.postForm(URL(string: "http://127.0.0.1:\(port)/todos/list")!, "content=in+postgres")
        #expect(created.status == 200)
        #expect(try await TestPostgres.integers("SELECT count(*) FROM todos", on: database) == [1])

        server.signal(SIGTERM)
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(server.output.hasSuffix("todo-server stopped\n"))
        try await TestPostgres.drop(database)
    }

    @Test("a malformed --database: exit 1 and one line saying what is wrong, before anything starts")
    func malformedURLIsOneLine() async throws {
        let server = try ServerProcess(program: "todo-server", arguments: ["--port", "0", "--database", "postgres://localhost/todos"])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.status == 1)
        #expect(server.errors == "Error: --database: the database URL has no user name (expected postgres://user:password@host:port/database)\n")
        #expect(server.output.isEmpty)
    }

    @Test("an unreachable --database: exit 1 and one line naming it, no listener")
    func unreachableDatabaseIsOneLine() async throws {
        let port = try freeLoopbackPort()
        let server = try ServerProcess(
            program: "todo-server", arguments: ["--port", "0", "--database", "postgres://todo:secret@127.0.0.1:\(port)/todos"]
        )
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.status == 1)
        #expect(server.errors == "Error: cannot reach the database postgres://todo@127.0.0.1:\(port)/todos: connection refused\n")
        #expect(!server.output.contains("listening"))
    }
}

/// The database stopped under a running server, on a PostgreSQL server of the test's
/// own.
@Suite("todo-server on PostgreSQL: database outage", .timeLimit(.minutes(5)))
struct TodoServerPostgresOutageTests {
    @Test("the database stopped: every route answers 503 with a JSON error within the deadline; back: served again by itself")
    func outageAnswers503ThenRecovers() async throws {
        let server = try await TestPostgres.privateServer()
        let database = server.database
        // Long enough for a loaded machine's answers, short beside the pool's minute.
        let store = try await PostgresTodoStore.open(database, deadline: .seconds(5), logger: quietLogger)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = ServicesConfiguration(port: 0, dataDirectory: directory.url)
        let todos = TodosService(store: store, configuration: configuration)
        let health = HealthService(timeout: .seconds(600)) { try await todos.checkDatabase() }
        let app = ServicesApplication.make(services: [todos, health], configuration: configuration, logger: quietLogger)
        try await app.test(.router) { client in
            let kept = try await client.createTodo("before-the-outage")
            try await server.stop()

            let unavailable = #"{"error":"the todo database does not answer"}"#
            let create = try await client.postForm("/todos/list", "content=during-the-outage")
            #expect(create.status == .serviceUnavailable)
            #expect(String(buffer: create.body) == unavailable)
            let update = try await client.postForm("/todos/list/update", "objectId=\(kept.objectId)&status=finished")
            #expect(update.status == .serviceUnavailable)
            #expect(String(buffer: update.body) == unavailable)
            let single = try await client.execute(uri: "/todos/item/\(kept.objectId)", method: .get)
            #expect(single.status == .serviceUnavailable)
            #expect(String(buffer: single.body) == unavailable)
            let list = try await client.execute(uri: "/todos/list", method: .get)
            #expect(list.status == .serviceUnavailable)
            #expect(jsonObject(list.body)?["error"] as? String == "the todo list could not be read")
            let check = try await client.execute(uri: "/health", method: .get)
            #expect(check.status == .serviceUnavailable)
            #expect(
                String(buffer: check.body)
                    == #"{"database":"error","error":"the database does not answer: connection refused","status":"unavailable"}"#
                    || String(buffer: check.body)
                    == #"{"database":"error","error":"the database does not answer: no answer within 5.0 seconds","status":"unavailable"}"#
            )

            try await server.start()
            // The pool reconnects on its own backoff: each try answers within the
            // deadline, 503 until a connection is made, then the list.
            var recovered: [Todo]?
            for _ in 0..<60 where recovered == nil {
                let answer = try await client.execute(uri: "/todos/list", method: .get)
                if answer.status == .ok {
                    recovered = try JSONDecoder().decode([Todo].self, from: Data(buffer: answer.body))
                }
            }
            #expect(recovered == [kept])
            let after = try await client.createTodo("after-the-outage")
            #expect(try await client.todos().map(\.objectId) == [after.objectId, kept.objectId])
        }
    }
}
