import AppsTestSupport
import Foundation
import Services
import Testing

/// The `todo-server` executable's shutdown and logs, as a child process (waits are
/// for the child's events; the time limit only ends a test whose event never comes).
@Suite("todo-server lifecycle and logs", .timeLimit(.minutes(5)))
struct TodoServerLifecycleTests {
    @Test("SIGTERM during a request: new connections are refused, the request still gets its answer and is stored, exit 0")
    func sigtermLetsTheRequestInFlightFinish() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(
            program: "todo-server",
            // debug: the line "POST /todos/list received" says the handler runs.
            arguments: ["--port", "0", "--data-dir", directory.url.path, "--log-level", "debug", "--request-timeout", "600"]
        )
        defer { server.kill() }
        let port = try await server.waitForPort()

        // The head and half of the body: the handler is waiting for the rest.
        let body = "content=finished+after+SIGTERM"
        let inFlight = try RawConnection(port: port)
        defer { inFlight.close() }
        try inFlight.send(
            "POST /todos/list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(10)
        )
        try await server.waitForErrors("POST /todos/list received")

        server.signal(SIGTERM)
        // The listener closes once the shutdown has begun; until then a connection is
        // still accepted (and closed again at once).
        while !RawConnection.isRefused(port: port) {
            try #require(!server.hasEnded, "todo-server exited with a request in flight: \(server.errors)")
            await Task.yield()
        }
        #expect(!server.hasEnded, "todo-server exited before the request in flight was answered")

        try inFlight.send(String(body.dropFirst(10)))
        let answer = try await inFlight.readResponse()
        #expect(answer.status == 200, "\(answer.head)\n\(answer.body)")
        let todo = try JSONDecoder().decode(Todo.self, from: Data(answer.body.utf8))
        #expect(todo.content == "finished after SIGTERM")

        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(server.output.hasSuffix("todo-server stopped\n"))
        #expect(server.errors.contains("POST /todos/list 200 in "))
        let store = try TodoStore(directory: directory.url)
        #expect(try await store.todo(objectId: todo.objectId) == todo)
    }

    @Test("--log-format json: one JSON object per line on standard error, the request's with its fields; standard output unchanged")
    func jsonLogsOnStandardError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(
            program: "todo-server", arguments: ["--port", "0", "--data-dir", directory.url.path, "--log-format", "json"]
        )
        defer { server.kill() }
        let port = try await server.waitForPort()
        let health = try await LoopbackClient().get(URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect(health.status == 200)
        try await server.waitForErrors(#""path":"/health""#)
        server.signal(SIGTERM)
        _ = try await server.waitForExit()

        #expect(server.output == "todo-server data directory: \(directory.url.path)\ntodo-server listening on http://127.0.0.1:\(port)\ntodo-server stopped\n")
        let lines = server.errors.split(separator: "\n")
        let entries = try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object, "not a JSON object: \(line)")
        }
        let request = try #require(entries.first { $0["path"] as? String == "/health" })
        #expect(request["level"] as? String == "info")
        #expect(request["label"] as? String == "todo-server")
        #expect(request["method"] as? String == "GET")
        #expect(request["status"] as? String == "200")
        #expect((request["duration_ms"] as? String)?.wholeMatch(of: /\d+\.\d{3}/) != nil)
        #expect(request["hb.request.id"] as? String == health.headers["x-request-id"])
        #expect(isTimestamp(request["time"] as? String ?? ""))
    }

    @Test("text logs at info by default: a line per request on standard error; --log-level warning leaves them out")
    func logLevelChoosesTheLines() async throws {
        for (arguments, logged) in [([String](), true), (["--log-level", "warning"], false)] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let server = try ServerProcess(program: "todo-server", arguments: ["--port", "0", "--data-dir", directory.url.path] + arguments)
            defer { server.kill() }
            let port = try await server.waitForPort()
            let created = try await LoopbackClient().postForm(URL(string: "http://127.0.0.1:\(port)/todos/list")!, "content=logged")
            #expect(created.status == 200)
            server.signal(SIGTERM)
            _ = try await server.waitForExit()
            #expect(server.errors.contains("POST /todos/list 200 in ") == logged, "\(arguments): \(server.errors)")
            #expect(!server.output.contains("POST /todos/list"))
        }
    }

    @Test("an unknown --log-format and a --request-timeout of 0 are refused before anything starts")
    func refusesBadLoggingAndTimeoutOptions() async throws {
        for (arguments, message) in [(["--log-format", "xml"], "--log-format"), (["--request-timeout", "0"], "--request-timeout")] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let server = try ServerProcess(program: "todo-server", arguments: ["--port", "0", "--data-dir", directory.url.path] + arguments)
            defer { server.kill() }
            let exit = try await server.waitForExit()
            #expect(exit.status != 0)
            #expect(server.errors.contains(message))
            #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("todos.sqlite").path))
        }
    }
}
