import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// `GET /todos/changes/stream` over real HTTP on loopback, on both stores; on
/// PostgreSQL, a change committed through another server on the database. Every
/// wait is for an event; the connection's receive timeout only ends a test whose
/// event never comes.
@Suite("Todos change stream", .timeLimit(.minutes(5)))
struct TodoChangeStreamTests {
    @Test("the stream sends the changes after since, then each change committed after it was opened", arguments: TestStore.allCases)
    func streamsEarlierThenNewChanges(store: TestStore) async throws {
        try await withLiveTodos(store) { client, port in
            let before = try await client.createTodo("before")
            let skipped = try await client.createTodo("skipped")
            let since = try await client.changes().changes[0].cursor

            let stream = try await EventStreamClient(port: port, path: "/todos/changes/stream?since=\(since)")
            #expect(stream.status == 200)
            #expect(stream.head.lowercased().contains("content-type: text/event-stream"))
            var events = stream.events.makeAsyncIterator()
            let first = try await nextChange(&events)
            #expect(first.kind == .created && first.todo == skipped)

            let after = try await client.createTodo("after")
            let created = try await nextChange(&events)
            #expect(created.kind == .created && created.todo == after)
            #expect(try await client.deleteTodo(before.objectId).status == .ok)
            let deleted = try await nextChange(&events)
            #expect(deleted.kind == .deleted && deleted.todo.objectId == before.objectId)
            #expect(first.cursor < created.cursor && created.cursor < deleted.cursor)
            #expect(try await client.changes(since: since).changes == [first, created, deleted])
            stream.close()
        }
    }

    @Test("a bad or ahead since is refused before the stream starts: 400, 409", arguments: TestStore.allCases)
    func refusesBadCursor(store: TestStore) async throws {
        try await withLiveTodos(store) { _, port in
            let client = LoopbackClient()
            let bad = try await client.get(URL(string: "http://127.0.0.1:\(port)/todos/changes/stream?since=-1")!)
            #expect(bad.status == 400)
            #expect(bad.text.contains(#""field":"since""#))
            let ahead = try await client.get(URL(string: "http://127.0.0.1:\(port)/todos/changes/stream?since=5")!)
            #expect(ahead.status == 409)
        }
    }

    @Test("while nothing changes, a keep-alive comment")
    func keepAliveComment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = ServicesConfiguration(port: 0, dataDirectory: directory.url)
        let todos = TodosService(store: try TodoStore(directory: directory.url), configuration: configuration, keepAlive: .milliseconds(20))
        let app = ServicesApplication.make(services: [todos], configuration: configuration, logger: quietLogger)
        try await app.test(.live) { client in
            let stream = try await EventStreamClient(port: try #require(client.port), path: "/todos/changes/stream")
            var events = stream.events.makeAsyncIterator()
            let event = try await events.next()
            #expect(event == ServerSentEvent(comment: "keep-alive"))
            stream.close()
        }
    }

    @Test("one stream more than the limit: 503 with a JSON error, the open one still served")
    func streamsOverTheLimitAreRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = ServicesConfiguration(port: 0, dataDirectory: directory.url)
        let todos = TodosService(store: try TodoStore(directory: directory.url), configuration: configuration, maxChangeStreams: 1)
        let app = ServicesApplication.make(services: [todos], configuration: configuration, logger: quietLogger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let open = try await EventStreamClient(port: port, path: "/todos/changes/stream")
            #expect(open.status == 200)
            let refused = try await LoopbackClient().get(URL(string: "http://127.0.0.1:\(port)/todos/changes/stream")!)
            #expect(refused.status == 503)
            #expect(refused.text == #"{"error":"too many change streams are open: read GET /todos/changes instead","limit":"1"}"#)
            var events = open.events.makeAsyncIterator()
            let todo = try await client.createTodo("still-streamed")
            #expect(try await nextChange(&events).todo == todo)
            open.close()
        }
    }

    @Test("SIGTERM with a stream open: the stream ends and todo-server exits 0")
    func shutdownEndsOpenStreams() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(program: "todo-server", arguments: ["--port", "0", "--data-dir", directory.url.path])
        defer { server.kill() }
        let port = try await server.waitForPort()
        let stream = try await EventStreamClient(port: port, path: "/todos/changes/stream")
        var events = stream.events.makeAsyncIterator()
        let created = try await LoopbackClient().postForm(URL(string: "http://127.0.0.1:\(port)/todos/list")!, "content=streamed")
        #expect(created.status == 200)
        #expect(try await nextChange(&events).todo.content == "streamed")

        server.signal(SIGTERM)
        var rest: [ServerSentEvent] = []
        while let event = try await events.next() {
            rest.append(event)
        }
        #expect(rest.allSatisfy { $0.comment == "keep-alive" })
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
    }

    @Test("on PostgreSQL, a stream on one server gets a change committed through another server on the database")
    func streamSeesOtherServersChanges() async throws {
        try await withTwoServersOnOnePostgres(.live) { one, other in
            let stream = try await EventStreamClient(port: try #require(one.port), path: "/todos/changes/stream")
            var events = stream.events.makeAsyncIterator()
            let todo = try await other.createTodo("through-the-other")
            let change = try await nextChange(&events)
            #expect(change.kind == .created && change.todo == todo)
            try await other.setStatus(todo.objectId, .finished)
            let update = try await nextChange(&events)
            #expect(update.kind == .updated && update.todo.status == .finished)
            stream.close()
        }
    }
}

/// The change signal's bounds: what a subscriber that does not read holds.
@Suite("Todo change signal")
struct TodoChangeSignalTests {
    @Test("a subscriber that never reads holds one wake, however many commits; cancelled or released, it is gone")
    func boundedAndReleased() async {
        let signal = TodoChangeSignal()
        let subscription = signal.subscribe(keepAlive: .seconds(3600))
        #expect(signal.subscriberCount == 1)
        for _ in 0..<10_000 {
            signal.notify()
        }
        subscription.cancel()
        #expect(signal.subscriberCount == 0)
        var wakes: [TodoChangeSignal.Wake] = []
        for await wake in subscription.wakes {
            wakes.append(wake)
        }
        #expect(wakes == [.changes])

        do {
            _ = signal.subscribe(keepAlive: .seconds(3600))
        }
        #expect(signal.subscriberCount == 0)
    }
}

/// Runs `body` against the Todo service alone on a new store of `kind`, served on
/// a loopback port.
func withLiveTodos(
    _ kind: TestStore, _ body: @Sendable (any TestClientProtocol, Int) async throws -> Void
) async throws {
    try await withTestStore(kind) { store in
        let configuration = ServicesConfiguration(port: 0, dataDirectory: store.directory)
        let app = try await TodoServer.application(
            configuration: configuration, database: store.todoDatabase, logger: quietLogger, databaseDeadline: testDatabaseDeadline
        )
        try await app.test(.live) { client in try await body(client, try #require(client.port)) }
    }
}
