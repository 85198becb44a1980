import AppsTestSupport
import Foundation
import Ripple
import RippleTesting
import Services
import Testing
import Todos
import TodosCore

/// The client against the real todo service, in process on a free loopback port;
/// and against canned answers (``CannedURLProtocol``) for what the service never
/// answers: a todo without its status, a status it does not know, a request that
/// hangs, with its timeout in virtual time.
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

    @Test func addListAndSetStatusTalkToTheService() async throws {
        try await withTodoServices { services in
            let client = TodoClient(baseURL: services.url, scheduler: scheduler)
            #expect(try await client.list().first() == [])

            let milk = try #require(try await client.add(title: "Buy milk").first())
            #expect(milk.title == "Buy milk" && milk.status == .normal)
            #expect(milk.id.count == 24 && milk.id.allSatisfy(\.isHexDigit))
            // Form-encoded: `&`, `+`, `=`, `%`, quotes and CJK come back as typed.
            let odd = "Ask “Tom & Jerry” + 50% = 写 README?"
            let saved = try #require(try await client.add(title: odd).first())
            #expect(saved.title == odd)

            #expect(try await client.list().first() == [saved, milk], "newest first")
            _ = try await client.setStatus(.finished, ofTodo: milk.id).first()
            var finished = milk
            finished.status = .finished
            #expect(try await client.list().first() == [saved, finished])
            _ = try await client.setStatus(.normal, ofTodo: milk.id).first()
            #expect(try await client.list().first() == [saved, milk])
        }
    }

    @Test func anUnknownTodoIsRefusedWithTheServicesMessage() async throws {
        try await withTodoServices { services in
            let client = TodoClient(baseURL: services.url, scheduler: scheduler)
            await #expect(throws: TodoError.rejected(status: 404, message: "no todo has this objectId")) {
                try await client.setStatus(.finished, ofTodo: "0123456789abcdef01234567").first()
            }
        }
    }

    @Test func theOriginalsNotJSONFailedAnswerIsNotASuccess() async throws {
        try await withTodoServices(fidelity: .original) { services in
            let client = TodoClient(baseURL: services.url, scheduler: scheduler)
            await #expect(throws: TodoError.invalidResponse(reason: "the update was not confirmed (the answer was {'status':'failed'})")) {
                try await client.setStatus(.finished, ofTodo: "0123456789abcdef01234567").first()
            }
        }
    }

    @Test func aServiceThatIsNotListeningIsNoResponse() async throws {
        let port = try await withTodoServices { services in services.port }
        let client = TodoClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, scheduler: scheduler)
        let error = await failure(of: client.list())
        guard case let .noResponse(reason)? = error else {
            Issue.record("not a noResponse: \(String(describing: error))")
            return
        }
        #expect(reason.contains("URLError"))
        #expect(error?.description.hasPrefix("No answer from the todo service: ") == true)
    }

    // MARK: Canned answers

    @Test func aTodoWithoutItsStatusIsAClearErrorNotACrash() async throws {
        let host = CannedURLProtocol.answer(status: 200, body: #"[{"content":"Buy milk","objectId":"6b061a3b34cad1fa73566099"}]"#)
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        let error = await failure(of: client.list())
        guard case let .invalidResponse(reason)? = error else {
            Issue.record("not an invalidResponse: \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix(#"undecodable response: missing key "status" at 0"#))
    }

    @Test func aStatusTheAppDoesNotKnowIsAClearError() async throws {
        let host = CannedURLProtocol.answer(
            status: 200, body: #"{"content":"Buy milk","objectId":"6b061a3b34cad1fa73566099","status":"done"}"#)
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        await #expect(throws: TodoError.invalidResponse(
            reason: #"the todo 6b061a3b34cad1fa73566099 has the status "done", neither "todo" nor "finished""#)) {
            try await client.add(title: "Buy milk").first()
        }
    }

    @Test func anErrorPageThatIsNotJSONIsQuotedInTheRefusal() async throws {
        let host = CannedURLProtocol.answer(status: 503, body: "<html>\n<body>Response timeout</body>\n</html>")
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        await #expect(throws: TodoError.rejected(status: 503, message: "<html> <body>Response timeout</body> </html>")) {
            try await client.list().first()
        }
    }

    @Test func aRefusalWithoutABodyStillSaysItsStatus() async throws {
        let host = CannedURLProtocol.answer(status: 502, body: "")
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
        let error = await failure(of: client.setStatus(.finished, ofTodo: "6b061a3b34cad1fa73566099"))
        #expect(error == .rejected(status: 502, message: ""))
        #expect(error?.description == "The todo service refused (HTTP 502).")
    }

    @Test func aRequestThatNeverAnswersTimesOutOnTheSchedulerAndIsCancelled() async throws {
        let virtual = TestScheduler()
        let host = CannedURLProtocol.silentHost()
        let client = TodoClient(baseURL: URL(string: "http://\(host)")!, scheduler: virtual, timeout: 10,
                                session: CannedURLProtocol.session())
        let outcome = virtual.record(client.list())
        await virtual.advance(by: 9.9)
        #expect(outcome.events.isEmpty, "still waiting")
        await virtual.advance(by: 0.1)
        #expect(outcome.terminalEvent?.error == .timedOut(seconds: 10))
        // The abandoned request is stopped on the wire (the session says so a little later).
        #expect(await CannedURLProtocol.stoppedPaths(of: host) == ["/todos/list"])
    }
}
