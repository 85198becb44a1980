@testable import AppClients
import AppsTestSupport
import Foundation
import Ripple
import RippleTesting
import Testing

/// The connection every app's client talks through, against canned answers
/// (``CannedURLProtocol``): the 2xx body, a rejection with the service's error
/// document or its page, a body that is not the JSON expected, a request that never
/// answers (its deadline in virtual time), a port where nothing listens; and the
/// bodies it writes.
@Suite(.timeLimit(.minutes(2)))
struct ServiceConnectionTests {
    let scheduler = QueueScheduler(name: "service-connection-tests")

    /// A connection to a new canned host answering `status` and `body`.
    func connection(status: Int, body: String) -> ServiceConnection {
        let host = CannedURLProtocol.answer(status: status, body: body)
        return ServiceConnection(baseURL: URL(string: "http://\(host)")!, scheduler: scheduler, session: CannedURLProtocol.session())
    }

    struct Todo: Decodable, Equatable {
        let content: String
    }

    @Test func aGetGivesTheBodyOfA2xxAndDecodesIt() async throws {
        let connection = connection(status: 200, body: #"[{"content":"Buy milk"}]"#)
        #expect(try await connection.get("todos/list").first() == Data(#"[{"content":"Buy milk"}]"#.utf8))
        #expect(try await connection.get("todos/list").decoded(as: [Todo].self).first() == [Todo(content: "Buy milk")])
    }

    @Test func aRejectionCarriesItsStatusAndTheServicesErrorDocumentInEitherShape() async {
        let todoService = connection(status: 404, body: #"{"error":"no todo has this objectId"}"#)
        let todos = await #expect(throws: ServiceFailure.self) { try await todoService.get("x").first() }
        #expect(todos?.errorDocument == ServiceErrorDocument(code: nil, message: "no todo has this objectId", field: nil))
        #expect(todos?.description == #"HTTP 404: {"error":"no todo has this objectId"}"#)

        let usersService = connection(status: 400, body: #"{"code":40004,"field":"verifyCode","message":"验证码错误或已过期"}"#)
        let users = await #expect(throws: ServiceFailure.self) {
            try await usersService.post("register", json: ["account": "13800138000"]).first()
        }
        #expect(users?.errorDocument == ServiceErrorDocument(code: 40004, message: "验证码错误或已过期", field: "verifyCode"))
        guard case let .rejected(status, _)? = users else {
            Issue.record("not a rejection: \(String(describing: users))")
            return
        }
        #expect(status == 400)
    }

    @Test func anErrorPageThatIsNotJSONHasNoDocumentButAnExcerptOnOneLine() async {
        let service = connection(status: 503, body: "<html>\n<body>Response timeout</body>\n</html>")
        let page = await #expect(throws: ServiceFailure.self) { try await service.get("x").first() }
        #expect(page?.errorDocument == nil)
        #expect(page?.bodyExcerpt == "<html> <body>Response timeout</body> </html>")
        #expect(ServiceFailure.excerpt(of: Data(String(repeating: "a", count: 250).utf8)) == String(repeating: "a", count: 200) + "…")
    }

    @Test func aBodyThatIsNotTheJSONExpectedIsUnreadableAndSaysWhy() async {
        let service = connection(status: 200, body: #"[{"title":"Buy milk"}]"#)
        let failure = await #expect(throws: ServiceFailure.self) { try await service.get("x").decoded(as: [Todo].self).first() }
        guard case let .unreadable(reason)? = failure else {
            Issue.record("not unreadable: \(String(describing: failure))")
            return
        }
        #expect(reason.hasPrefix(#"undecodable response: missing key "content" at 0"#))
    }

    @Test func aRequestThatNeverAnswersTimesOutOnTheSchedulerAndIsCancelled() async {
        let virtual = TestScheduler()
        let host = CannedURLProtocol.silentHost()
        let connection = ServiceConnection(baseURL: URL(string: "http://\(host)")!, scheduler: virtual, timeout: 10,
                                           session: CannedURLProtocol.session())
        let outcome = virtual.record(connection.get("todos/list"))
        await virtual.advance(by: 9.9)
        #expect(outcome.events.isEmpty, "still waiting")
        await virtual.advance(by: 0.1)
        #expect(outcome.terminalEvent?.error.map(\.description) == "no answer within 10 s")
        #expect(await CannedURLProtocol.stoppedPaths(of: host) == ["/todos/list"])
    }

    @Test func nothingListeningIsNoResponse() async {
        let connection = ServiceConnection(baseURL: URL(string: "http://127.0.0.1:9")!, scheduler: scheduler, timeout: 30)
        let failure = await #expect(throws: ServiceFailure.self) { try await connection.get("x").first() }
        guard case .noResponse? = failure else {
            Issue.record("not noResponse: \(String(describing: failure))")
            return
        }
        #expect(failure?.description.hasPrefix("no response: ") == true)
    }

    @Test func formsAreEncodedByteForByteAndQueriesPercentEncoded() throws {
        let odd = "Ask “Tom & Jerry” + 50% = 写 README?"
        let body = FormBody.encode([("content", odd), ("status", "todo")])
        #expect(String(decoding: body, as: UTF8.self)
            == "content=Ask%20%E2%80%9CTom%20%26%20Jerry%E2%80%9D%20%2B%2050%25%20%3D%20%E5%86%99%20README%3F&status=todo")
        let connection = ServiceConnection(baseURL: URL(string: "http://127.0.0.1:8080")!, scheduler: scheduler)
        let url = try #require(connection.url("sms-outbox", query: [URLQueryItem(name: "phone", value: "+86 138")]))
        #expect(url.absoluteString == "http://127.0.0.1:8080/sms-outbox?phone=+86%20138")
    }

    @Test func aJSONBodyThatDoesNotEncodeFailsBeforeAnyRequest() async {
        let connection = ServiceConnection(baseURL: URL(string: "http://127.0.0.1:9")!, scheduler: scheduler)
        let failure = await #expect(throws: ServiceFailure.self) { try await connection.post("x", json: ["ratio": Double.nan]).first() }
        guard case let .invalidRequest(reason)? = failure else {
            Issue.record("not invalidRequest: \(String(describing: failure))")
            return
        }
        #expect(reason.hasPrefix("the body of POST x does not encode as JSON: "))
    }
}
