import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// The `todo-server` application's limits, in process: the request timeout (on a
/// clock the test controls), the body size, the list's `limit`, and the health route.
@Suite("todo-server limits")
struct TodoServerLimitsTests {
    @Test("a handler still running at the timeout is cancelled and answered 503 with a JSON error naming the timeout")
    func handlerPastTimeoutAnswers503() async throws {
        let hanging = HangingService()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The timer's wait returns at once: the timeout is reached before the handler answers.
        let configuration = ServicesConfiguration(
            port: 0, dataDirectory: directory.url,
            clock: ServicesClock(now: { Date() }, sleep: { _ in }),
            requestTimeout: .seconds(10)
        )
        let logs = LogCapture()
        let app = ServicesApplication.make(services: [hanging], configuration: configuration, logger: logs.logger())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/hang", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"{"error":"the server did not answer within 10 s","timeout":"10 s"}"#)
        }
        #expect(hanging.cancellations.value == 1)
        let entries = try logs.entries()
        let failure = try #require(entries.first { $0["level"] == "error" }, "no error line in \(logs.rawLines)")
        #expect(failure["message"] == "503 on GET /hang: the server did not answer within 10 s")
        #expect(failure["cause"] == "the handler was still running after 10 s; it was cancelled")
        let request = try #require(entries.first { $0["message"]?.hasPrefix("GET /hang 503 in ") == true })
        // The error and the request's line carry the same request id.
        #expect(request["hb.request.id"] != nil)
        #expect(failure["hb.request.id"] == request["hb.request.id"])
    }

    @Test("with a timeout that does not fire, the Todo routes answer as without one, and each timer is given up", arguments: TestStore.allCases)
    func routesAnswerWithinTimeout(store: TestStore) async throws {
        let clock = NeverFiringClock()
        try await withTodoServerApplication(store: store, adjust: {
            $0.clock = clock.servicesClock
            $0.requestTimeout = .seconds(10)
        }) { client, _ in
            let todo = try await client.createTodo("in time")
            #expect(try await client.todos() == [todo])
            let missing = try await client.execute(uri: "/todos/item/0123456789abcdef01234567", method: .get)
            #expect(missing.status == .notFound)
        }
        // One timer per request (create, list, item), each cancelled once its handler answered.
        #expect(clock.cancelledWaits == 3)
    }

    @Test("--max-body-size: a body one byte over answers 413 {error, limit}, with or without Content-Length; one at the limit is taken", arguments: TestStore.allCases)
    func bodyOverTheLimitAnswers413(store: TestStore) async throws {
        try await withTodoServerApplication(store: store, adjust: { $0.maxBodySize = 100 }) { client, _ in
            let atLimit = "content=" + String(repeating: "a", count: 92)
            let over = atLimit + "a"
            let refused = try await client.execute(
                uri: "/todos/list", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .contentLength: "101"],
                body: ByteBuffer(string: over)
            )
            #expect(refused.status == .contentTooLarge)
            #expect(refused.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: refused.body) == #"{"error":"request body is larger than 100 bytes","limit":"100"}"#)
            // No Content-Length: the body is read up to the limit, then refused.
            let streamed = try await client.execute(uri: "/todos/list", method: .post, headers: formHeaders, body: ByteBuffer(string: over))
            #expect(streamed.status == .contentTooLarge)
            #expect(String(buffer: streamed.body) == #"{"error":"request body is larger than 100 bytes","limit":"100"}"#)
            #expect(try await client.todos() == [])

            let taken = try await client.postForm("/todos/list", atLimit)
            #expect(taken.status == .ok)
            #expect(try await client.todos().map(\.content) == [String(repeating: "a", count: 92)])
        }
    }

    @Test("GET /todos/list?limit=N answers the newest N; limit=100 and no limit answer the original's list, byte for byte", arguments: TestStore.allCases)
    func listLimitAnswersNewest(store: TestStore) async throws {
        let clock = SteppingClock()
        try await withTodoServerApplication(store: store, adjust: { $0.clock = clock.servicesClock }) { client, _ in
            for index in 1...101 {
                _ = try await client.createTodo("todo\(index)")
            }
            let whole = try await client.execute(uri: "/todos/list", method: .get)
            let all = try JSONDecoder().decode([Todo].self, from: Data(buffer: whole.body))
            #expect(all.count == 100)
            #expect(all.first?.content == "todo101")

            let two = try await client.execute(uri: "/todos/list?limit=2", method: .get)
            #expect(two.status == .ok)
            #expect(try JSONDecoder().decode([Todo].self, from: Data(buffer: two.body)) == Array(all.prefix(2)))
            let one = try await client.execute(uri: "/todos/list?limit=1", method: .get)
            #expect(try JSONDecoder().decode([Todo].self, from: Data(buffer: one.body)) == Array(all.prefix(1)))
            let hundred = try await client.execute(uri: "/todos/list?limit=100", method: .get)
            #expect(hundred.body == whole.body)
            // Another parameter changes nothing.
            let other = try await client.execute(uri: "/todos/list?page=3", method: .get)
            #expect(other.body == whole.body)
        }
    }

    @Test(
        "GET /todos/list with a limit that is not a whole number from 1 to 100 answers 400 naming limit",
        arguments: ["0", "101", "-1", "+5", "%205", "5.0", "1e2", "abc", "", "99999999999999999999999", "1%3B%20DROP%20TABLE%20todos"]
    )
    func listLimitOutOfRangeAnswers400(_ limit: String) async throws {
        try await withTodoServerApplication { client, _ in
            let response = try await client.execute(uri: "/todos/list?limit=\(limit)", method: .get)
            #expect(response.status == .badRequest)
            let error = try #require(jsonObject(response.body))
            #expect(error["field"] as? String == "limit")
            #expect(error["error"] as? String == "limit must be a whole number from 1 to 100")
        }
    }

    @Test("GET /todos/list with limit given twice answers 400 naming limit")
    func listLimitTwiceAnswers400() async throws {
        try await withTodoServerApplication { client, _ in
            let response = try await client.execute(uri: "/todos/list?limit=5&limit=6", method: .get)
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body) == #"{"error":"limit is given more than once","field":"limit"}"#)
        }
    }

    @Test("GET /health names the store and says the database answers; 503 names it too when it does not")
    func healthNamesTheStore() async throws {
        try await withTodoServerApplication { client, _ in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == #"{"database":"ok","status":"ok","store":"sqlite"}"#)
        }
        let failing = HealthService(store: "sqlite") { throw CocoaError(.fileReadNoPermission) }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = ServicesApplication.make(
            services: [failing], configuration: ServicesConfiguration(port: 0, dataDirectory: directory.url), logger: quietLogger
        )
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .serviceUnavailable)
            let body = try #require(jsonObject(response.body))
            #expect(body["store"] as? String == "sqlite")
            #expect(body["database"] as? String == "error")
            #expect(body["status"] as? String == "unavailable")
        }
    }
}
