import AppsTestSupport
import Foundation
import Ripple
import RippleTesting
import Services
import Testing
import Todos
import TodosCore

/// The client against the real todo service, in process on a free loopback port
/// (adds with their ids, statuses, the changes feed, the refusals the sync drops);
/// and against canned answers (``CannedURLProtocol``) for what the service never
/// answers: a todo without its status, a status or a kind of change it does not
/// know, a request that hangs, with its timeout in virtual time.
@Suite(.timeLimit(.minutes(2)))
struct TodoClientTests {
    let scheduler = QueueScheduler(name: "todo-client-tests")

    /// How a run of `producer` failed; `nil` (and an issue) if it did not.
    func failure<Value>(of producer: SignalProducer<Value, TodoError>) async -> TodoError? {
        do {
            _ = try await producer.first()
            Issue.record("no failure")
            return nil
        } catch {
            return error
        }
    }

    @Test func addsWithTheirIDsStatusesAndTheFeedTalkToTheServer() async throws {
        try await withTodoServices { services in
            let client = TodoClient(baseURL: services.url, scheduler: scheduler)
            #expect(try await client.changes(since: 0).first() == ChangesPage(changes: [], cursor: 0, more: false))

            let milk = TodoItem(id: "6b061a3b34cad1fa73566099", title: "Buy milk", status: .normal)
            _ = try await client.send(.add(milk)).first()
            // Form-encoded: `&`, `+`, `=`, `%`, quotes and CJK come back as typed.
            let odd = TodoItem(id: "6b061a3b34cad1fa7356609a", title: "Ask “Tom & Jerry” + 50% = 写 README?", status: .normal)
            _ = try await client.send(.add(odd)).first()
            // A retried add (its answer lost) is answered again, and adds nothing.
            _ = try await client.send(.add(milk)).first()
            _ = try await client.send(.setStatus(id: milk.id, status: .finished)).first()

            let page = try #require(try await client.changes(since: 0).first())
            #expect(page.changes.map(\.kind) == [.created, .created, .updated])
            #expect(page.changes.map(\.item) == [milk, odd, TodoItem(id: milk.id, title: "Buy milk", status: .finished)])
            #expect(page.cursor == page.changes.last?.cursor && !page.more)
            #expect(try await client.changes(since: page.cursor).first()?.changes == [])
        }
    }

    @Test func anUnknownTodoAnAddWithAnotherTextAndACursorAheadAreRefusedForGood() async throws {
        try await withTodoServices { services in
            let client = TodoClient(baseURL: services.url, scheduler: scheduler)
            let unknown = await failure(of: client.send(.setStatus(id: "0123456789abcdef01234567", status: .finished)))
            #expect(unknown == .rejected(status: 404, message: "no todo has this objectId") && unknown?.isPermanentRefusal == true)
            let milk = TodoItem(id: "6b061a3b34cad1fa73566099", title: "Buy milk", status: .normal)
            _ = try await client.send(.add(milk)).first()
            let other = await failure(of: client.send(.add(TodoItem(id: milk.id, title: "Call mum", status: .normal))))
            #expect(other == .rejected(status: 409, message: "objectId already names another todo"))
            let ahead = await failure(of: client.changes(since: 1_000))
            guard case .rejected(409, _)? = ahead else {
                Issue.record("not a 409: \(String(describing: ahead))")
                return
            }
        }
    }

    @Test func theOriginalsNotJSONFailedAnswerIsNotASuccess() async throws {
        try await withTodoServices(fidelity: .original) { services in
            let client = TodoClient(baseURL: services.url, scheduler: scheduler)
            await #expect(throws: TodoError.invalidResponse(reason: "the update was not confirmed (the answer was {'status':'failed'})")) {
                try await client.send(.setStatus(id: "0123456789abcdef01234567", status: .finished)).first()
            }
        }
    }

    @Test func aServiceThatIsNotListeningIsNoResponse() async throws {
        let port = try await withTodoServices { services in services.port }
        let client = TodoClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, scheduler: scheduler)
        let error = await failure(of: client.changes(since: 0))
        guard case let .noResponse(reason)? = error else {
            Issue.record("not a noResponse: \(String(describing: error))")
            return
        }
        #expect(reason.contains("URLError"))
        #expect(error?.description.hasPrefix("No answer from the todo service: ") == true)
    }

    // MARK: Canned answers

    @Test func aTodoWithoutItsStatusIsAClearErrorNotACrash() async throws {
        let host = CannedURLProtocol.answer(
            status: 200, body: #"{"changes":[{"cursor":1,"kind":"created","todo":{"content":"Buy milk","objectId":"6b061a3b34cad1fa73566099"}}],"cursor":1,"more":false}"#)
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        let error = await failure(of: client.changes(since: 0))
        guard case let .invalidResponse(reason)? = error else {
            Issue.record("not an invalidResponse: \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix(#"undecodable response: missing key "status""#))
    }

    @Test func aKindOfChangeTheAppDoesNotKnowIsAClearError() async throws {
        let host = CannedURLProtocol.answer(
            status: 200, body: #"{"changes":[{"cursor":1,"kind":"renamed","todo":{"content":"Buy milk","objectId":"6b061a3b34cad1fa73566099","status":"todo"}}],"cursor":1,"more":false}"#)
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        await #expect(throws: TodoError.invalidResponse(reason: #"the change 1 is "renamed", not created, updated or deleted"#)) {
            try await client.changes(since: 0).first()
        }
    }

    @Test func aStatusTheAppDoesNotKnowIsAClearError() async throws {
        let host = CannedURLProtocol.answer(
            status: 200, body: #"{"content":"Buy milk","objectId":"6b061a3b34cad1fa73566099","status":"done"}"#)
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        await #expect(throws: TodoError.invalidResponse(
            reason: #"the todo 6b061a3b34cad1fa73566099 has the status "done", neither "todo" nor "finished""#)) {
            try await client.send(.add(TodoItem(id: "6b061a3b34cad1fa73566099", title: "Buy milk", status: .normal))).first()
        }
    }

    @Test func anErrorPageThatIsNotJSONIsQuotedInTheRefusal() async throws {
        let host = CannedURLProtocol.answer(status: 503, body: "<html>\n<body>Response timeout</body>\n</html>")
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        await #expect(throws: TodoError.rejected(status: 503, message: "<html> <body>Response timeout</body> </html>")) {
            try await client.changes(since: 0).first()
        }
    }

    @Test func aRefusalWithoutABodyStillSaysItsStatus() async throws {
        let host = CannedURLProtocol.answer(status: 502, body: "")
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        let error = await failure(of: client.send(.setStatus(id: "6b061a3b34cad1fa73566099", status: .finished)))
        #expect(error == .rejected(status: 502, message: ""))
        #expect(error?.description == "The todo service refused (HTTP 502).")
    }

    @Test func aRequestThatNeverAnswersTimesOutOnTheSchedulerAndIsCancelled() async throws {
        let virtual = TestScheduler()
        let host = CannedURLProtocol.silentHost()
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: virtual, timeout: 10,
                                session: CannedURLProtocol.session())
        let outcome = virtual.record(client.changes(since: 0))
        await virtual.advance(by: 9.9)
        #expect(outcome.events.isEmpty, "still waiting")
        await virtual.advance(by: 0.1)
        #expect(outcome.terminalEvent?.error == .timedOut(seconds: 10))
        // The abandoned request is stopped on the wire (the session says so a little later).
        #expect(await CannedURLProtocol.stoppedPaths(of: host) == ["/todos/changes"])
    }
}
