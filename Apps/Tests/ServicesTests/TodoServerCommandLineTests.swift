import AppsTestSupport
import Foundation
import Services
import Testing

/// The `todo-server` executable, started as a child process (waits are for the
/// child's events; the time limit only ends a test whose event never comes).
@Suite("todo-server command line", .timeLimit(.minutes(5)))
struct TodoServerCommandLineTests {
    @Test("--port 0 prints the data directory and address, answers GET /health and a create, exits 0 on SIGTERM")
    func startsAnswersAndStopsOnSIGTERM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(program: "todo-server", arguments: ["--port", "0", "--data-dir", directory.url.path])
        defer { server.kill() }
        let port = try await server.waitForPort()
        #expect(server.output == "todo-server data directory: \(directory.url.path)\ntodo-server listening on http://127.0.0.1:\(port)\n")

        let client = LoopbackClient()
        let health = try await client.get(URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect(health.status == 200)
        #expect(health.text == #"{"database":"ok","status":"ok","store":"sqlite"}"#)
        let created = try await client.postForm(URL(string: "http://127.0.0.1:\(port)/todos/list")!, "content=served")
        #expect(created.status == 200)
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("todos.sqlite").path))

        server.signal(SIGTERM)
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(server.output.hasSuffix("todo-server stopped\n"))
    }

    @Test("--port outside 0…65535 is refused before anything starts")
    func refusesPortOutOfRange() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(program: "todo-server", arguments: ["--port", "70000", "--data-dir", directory.url.path])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.status != 0)
        #expect(server.errors.contains("--port must be between 0 and 65535"))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("todos.sqlite").path))
    }
}
