import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// Chaos on the routes, through the router (Hummingbird's test client, real SQLite).
@Suite("Chaos: routes", .timeLimit(.minutes(2)))
struct ChaosRouteTests {
    @Test("The same seed reproduces the same statuses; another seed gives others")
    func sameSeedSameStatuses() async throws {
        func statuses(seed: UInt64) async throws -> [UInt] {
            let settings = try chaosSettings(#"{"seed": \#(seed), "routes": {"GET /todos/list": {"failures": {"503": 0.3, "429": 0.2}}}}"#)
            return try await withServices(chaos: settings) { client, _ in
                var statuses: [UInt] = []
                for _ in 0..<40 {
                    statuses.append(UInt(try await client.execute(uri: "/todos/list", method: .get).status.code))
                }
                return statuses
            }
        }
        let first = try await statuses(seed: 2026)
        #expect(try await statuses(seed: 2026) == first)
        #expect(try await statuses(seed: 2027) != first)
        #expect(Set(first) == [200, 429, 503])
    }

    @Test("A 503 answers JSON: the provider's body by route, or the route's own")
    func unavailableBodies() async throws {
        let settings = try chaosSettings("""
            {"routes": {
              "*": {"failures": {"503": 1}},
              "POST /todos/list": {"failures": {"503": 1}, "body503": {"error": "maintenance", "until": "02:00"}}
            }}
            """)
        try await withServices(chaos: settings) { client, _ in
            let todos = try await client.execute(uri: "/todos/list", method: .get)
            #expect(todos.status == .serviceUnavailable)
            #expect(todos.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: todos.body) == #"{"error":"service unavailable (chaos)"}"#)
            let search = try await client.execute(uri: "/1.1/search/tweets.json?q=x", method: .get)
            #expect(String(buffer: search.body) == #"{"errors":[{"code":130,"message":"Over capacity"}]}"#)
            let register = try await client.postForm("/register", "account=\(samplePhone)")
            #expect(register.status == .serviceUnavailable)
            #expect(userError(register.body) == UserErrorBody(code: 50300, message: "服务暂不可用，请稍后再试", field: nil))
            let px = try await client.execute(uri: "/v1/photos?feature=popular", method: .get)
            #expect(String(buffer: px.body) == #"{"error":"Service Unavailable","status":503}"#)
            let flickr = try await client.execute(uri: "/services/rest/?method=flickr.photos.search&text=x", method: .get)
            #expect(flickr.status == .serviceUnavailable)
            #expect(String(buffer: flickr.body) == #"{"code":105,"message":"Service currently unavailable","stat":"fail"}"#)
            let create = try await client.postForm("/todos/list", "content=lost")
            #expect(String(buffer: create.body) == #"{"error":"maintenance","until":"02:00"}"#)
            // Nothing was stored by the failed requests.
            let list = try await client.execute(uri: "/todos/list", method: .get, headers: [ChaosEngine.headerName: "off"])
            #expect(String(buffer: list.body) == "[]")
            let users = try await client.execute(uri: "/sms-outbox", method: .get, headers: [ChaosEngine.headerName: "off"])
            #expect(String(buffer: users.body) == "[]")
        }
    }

    @Test("A 429 answers the provider's body: Twitter's code 88 on the search, the route's own where set")
    func rateLimitedBodies() async throws {
        let settings = try chaosSettings("""
            {"routes": {
              "*": {"failures": {"429": 1}},
              "GET /todos/list": {"failures": {"429": 1}, "body429": {"error": "slow down"}}
            }}
            """)
        try await withServices(chaos: settings) { client, _ in
            let search = try await client.execute(uri: "/1.1/search/tweets.json?q=x", method: .get)
            #expect(search.status == .tooManyRequests)
            #expect(String(buffer: search.body) == #"{"errors":[{"code":88,"message":"Rate limit exceeded"}]}"#)
            #expect(search.headers[.retryAfter] == nil)
            let todos = try await client.execute(uri: "/todos/list", method: .get)
            #expect(String(buffer: todos.body) == #"{"error":"slow down"}"#)
            let code = try await client.postForm("/verify-code", "phone=\(samplePhone)")
            #expect(userError(code.body) == UserErrorBody(code: 42901, message: "请求过于频繁，请稍后再试", field: nil))
            let page = try await client.execute(uri: "/todos", method: .get)
            #expect(String(buffer: page.body) == #"{"error":"too many requests (chaos)"}"#)
            let px = try await client.execute(uri: "/v1/photos/1", method: .get)
            #expect(String(buffer: px.body) == #"{"error":"Too Many Requests","status":429}"#)
            // The code was not sent.
            let outbox = try await client.execute(uri: "/sms-outbox", method: .get, headers: [ChaosEngine.headerName: "off"])
            #expect(String(buffer: outbox.body) == "[]")
        }
    }

    @Test("A rate limit: N requests per window, then 429 with Retry-After until the window ends")
    func rateLimitWindow() async throws {
        let clock = ManualClock()
        let settings = try chaosSettings("""
            {"routes": {"GET /todos/list": {"rateLimit": {"requests": 2, "window": "15m"},
                                            "body429": {"errors": [{"code": 88, "message": "Rate limit exceeded"}]}}}}
            """)
        try await withServices(clock: clock.servicesClock, chaos: settings) { client, _ in
            for _ in 0..<2 {
                #expect(try await client.execute(uri: "/todos/list", method: .get).status == .ok)
            }
            let limited = try await client.execute(uri: "/todos/list", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "900")
            #expect(String(buffer: limited.body) == #"{"errors":[{"code":88,"message":"Rate limit exceeded"}]}"#)
            // Other routes are not limited.
            #expect(try await client.execute(uri: "/todos", method: .get).status == .ok)
            clock.advance(by: .seconds(900))
            #expect(try await client.execute(uri: "/todos/list", method: .get).status == .ok)
        }
    }

    @Test("The header: fail=, fail=none and off override the route's settings")
    func headerOverrides() async throws {
        let settings = try chaosSettings(#"{"routes": {"GET /todos/list": {"failures": {"503": 1}}}}"#)
        try await withServices(chaos: settings) { client, _ in
            func status(_ header: String?) async throws -> HTTPResponse.Status {
                let headers: HTTPFields = header.map { [ChaosEngine.headerName: $0] } ?? [:]
                return try await client.execute(uri: "/todos/list", method: .get, headers: headers).status
            }
            #expect(try await status(nil) == .serviceUnavailable)
            #expect(try await status("fail=none") == .ok)
            #expect(try await status("off") == .ok)
            #expect(try await status("fail=429") == .tooManyRequests)
            // On a route without settings, the header alone.
            let page = try await client.execute(uri: "/todos", method: .get, headers: [ChaosEngine.headerName: "fail=503"])
            #expect(page.status == .serviceUnavailable)
        }
    }

    @Test("A header chaos cannot read: 400 JSON naming the header, nothing stored")
    func badHeader() async throws {
        try await withServices(chaos: try ChaosConfiguration(seed: 1)) { client, _ in
            var headers = formHeaders
            headers[ChaosEngine.headerName] = "fail=500"
            let response = try await client.execute(
                uri: "/todos/list", method: .post, headers: headers, body: ByteBuffer(string: "content=lost")
            )
            #expect(response.status == .badRequest)
            let error = try #require(jsonObject(response.body))
            #expect(error["header"] as? String == "X-Ripple-Chaos")
            #expect(error["error"] as? String == "X-Ripple-Chaos: fail must be 503, 429, hang, refuse or none: 500")
            #expect(try await client.todos().isEmpty)
        }
    }

    @Test("Chaos off (the default): the header is ignored")
    func offByDefault() async throws {
        try await withServices { client, _ in
            let response = try await client.execute(uri: "/todos/list", method: .get, headers: [ChaosEngine.headerName: "fail=503"])
            #expect(response.status == .ok)
            let unread = try await client.execute(uri: "/todos/list", method: .get, headers: [ChaosEngine.headerName: "fail=nonsense"])
            #expect(unread.status == .ok)
        }
    }

    @Test("Latency sleeps on the services' clock: the answer comes once the clock has passed it, and not before")
    func latencyOnTheClock() async throws {
        let clock = ManualClock()
        let settings = try chaosSettings(#"{"seed": 4, "routes": {"GET /todos/list": {"latency": "uniform(30s, 60s)"}}}"#)
        try await withServices(clock: clock.servicesClock, chaos: settings) { client, _ async throws in
            let page = Task {
                try await client.execute(uri: "/todos", method: .get, headers: [ChaosEngine.headerName: "latency=10m"])
            }
            #expect(await clock.waitUntilSleeping(1))
            #expect(clock.requestedWaits == [.seconds(600)])
            clock.advance(by: .seconds(599))
            // Its sleep is still pending, so the request cannot have been answered.
            #expect(clock.sleeping == 1)
            clock.advance(by: .seconds(1))
            #expect(clock.sleeping == 0)
            #expect(try await page.value.status == .ok)
        }
    }

    @Test("Latencies are drawn from the route's distribution, the same for the same seed")
    func latencyDraws() async throws {
        // Latencies no test could sleep through: 20 requests of 30 to 60 s each, on a
        // clock whose sleeps return at once and are recorded.
        let settings = try chaosSettings(#"{"seed": 4, "routes": {"GET /todos/list": {"latency": "uniform(30s, 60s)"}}}"#)
        func waits() async throws -> [Duration] {
            let clock = SteppingClock()
            try await withServices(clock: clock.servicesClock, chaos: settings) { client, _ in
                for _ in 0..<20 {
                    let response = try await client.execute(uri: "/todos/list", method: .get)
                    #expect(response.status == .ok)
                }
            }
            return clock.requestedWaits
        }
        let first = try await waits()
        #expect(first.count == 20)
        #expect(first.allSatisfy { $0 >= .seconds(30) && $0 < .seconds(60) })
        #expect(Set(first).count > 1)
        #expect(try await waits() == first)
    }

    @Test("Route patterns and Flickr's ?method= keys")
    func routeKeys() async throws {
        let settings = try chaosSettings("""
            {"routes": {
              "GET /avatars/:file": {"failures": {"503": 1}},
              "GET /v1/photos/:id": {"failures": {"429": 1}},
              "GET /services/rest/?method=flickr.photos.getInfo": {"failures": {"503": 1}},
              "GET /todos/list?method=broken": {"failures": {"503": 1}}
            }}
            """)
        try await withServices(chaos: settings) { client, _ in
            #expect(try await client.execute(uri: "/v1/photos/7", method: .get).status == .tooManyRequests)
            #expect(try await client.execute(uri: "/v1/photos", method: .get).status != .tooManyRequests)
            let getInfo = try await client.execute(uri: "/services/rest/?method=flickr.photos.getInfo&photo_id=1", method: .get)
            #expect(getInfo.status == .serviceUnavailable)
            let getFavorites = try await client.execute(uri: "/services/rest/?method=flickr.photos.getFavorites&photo_id=1", method: .get)
            #expect(getFavorites.status != .serviceUnavailable)
            let avatar = try await client.execute(uri: "/avatars/0123456789abcdef0123456789abcdef.png", method: .get)
            #expect(avatar.status == .serviceUnavailable)
            #expect(try await client.execute(uri: "/todos/list?method=broken", method: .get).status == .serviceUnavailable)
            #expect(try await client.execute(uri: "/todos/list?method=fine", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/todos/list", method: .get).status == .ok)
        }
    }

    @Test("Unknown paths keep their 404, methods their 405, whatever the settings")
    func unknownRoutes() async throws {
        let settings = try chaosSettings(#"{"routes": {"*": {"failures": {"503": 1}}}}"#)
        try await withServices(chaos: settings) { client, _ in
            let unknown = try await client.execute(uri: "/nope", method: .get)
            #expect(unknown.status == .notFound)
            let delete = try await client.execute(uri: "/todos/list", method: .delete)
            #expect(delete.status == .methodNotAllowed)
        }
    }

    @Test("Without a listener (the router alone), refuse answers 503 and says so")
    func refuseWithoutListener() async throws {
        try await withServices(chaos: try ChaosConfiguration(seed: 1)) { client, _ in
            let response = try await client.execute(uri: "/todos/list", method: .get, headers: [ChaosEngine.headerName: "fail=refuse"])
            #expect(response.status == .serviceUnavailable)
            #expect(jsonObject(response.body)?["error"] as? String == "chaos: the listener would stop, but these services run without one")
        }
    }
}
