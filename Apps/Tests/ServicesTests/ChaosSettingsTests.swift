import AppsTestSupport
import Foundation
import Logging
import Services
import Testing

/// The chaos settings and the engine's draws, without a server.
@Suite("Chaos: settings and draws")
struct ChaosSettingsTests {
    private let todos = ChaosRouteKey(method: "GET", path: "/todos/list")
    private let search = ChaosRouteKey(method: "GET", path: "/1.1/search/tweets.json")

    private func engine(_ configuration: ChaosConfiguration, clock: ServicesClock = .system) -> ChaosEngine {
        ChaosEngine(configuration: configuration, clock: clock, logger: quietLogger)
    }

    // MARK: Reading

    @Test(
        "Latency texts",
        arguments: [
            ("200ms", ChaosLatency.fixed(.milliseconds(200))),
            ("1.5s", .fixed(.milliseconds(1500))),
            ("2m", .fixed(.seconds(120))),
            ("0ms", .fixed(.zero)),
            ("uniform(50ms, 800ms)", .uniform(.milliseconds(50), .milliseconds(800))),
            (" uniform(1s,1s) ", .uniform(.seconds(1), .seconds(1))),
            ("normal(300ms, 100ms)", .normal(mean: .milliseconds(300), deviation: .milliseconds(100))),
        ]
    )
    func latencyTexts(_ text: String, _ latency: ChaosLatency) throws {
        #expect(try ChaosLatency(parsing: text) == latency)
        #expect(try ChaosLatency(parsing: latency.description) == latency)
    }

    @Test(
        "Latency texts that are not",
        arguments: ["", "fast", "200", "-5ms", "5 ms", "1e3ms", "2h", "61m", "uniform(800ms, 50ms)", "uniform(1s)", "normal(1s, 2s, 3s)",
                    "uniform(1s, 2s", "poisson(1s, 2s)"]
    )
    func latencyTextsRefused(_ text: String) {
        #expect(throws: ChaosSettingsError.self) { try ChaosLatency(parsing: text) }
    }

    @Test("Route keys: `:id` and `{id}` alike, no trailing slash, method upper-cased, Flickr's ?method=")
    func routeKeys() throws {
        #expect(try ChaosRouteKey(parsing: "GET /v1/photos/:id").description == "GET /v1/photos/{id}")
        #expect(try ChaosRouteKey(parsing: "get /todos/list/").description == "GET /todos/list")
        #expect(try ChaosRouteKey(parsing: "GET /services/rest/?method=flickr.photos.getInfo").description
            == "GET /services/rest?method=flickr.photos.getInfo")
        #expect(try ChaosRouteKey(parsing: "* /register").description == "* /register")
        #expect(try ChaosRouteKey(parsing: " * ").description == "*")
        #expect(try ChaosRouteKey(parsing: "GET /").description == "GET /")
        for bad in ["/todos/list", "GET todos", "GET /a /b", "GET /x?page=2", "GET /x?method=", "G3T /x"] {
            #expect(throws: ChaosSettingsError.self, "\(bad)") { try ChaosRouteKey(parsing: bad) }
        }
    }

    @Test("The JSON form, read whole")
    func json() throws {
        let configuration = try chaosSettings("""
            {
              "seed": 42,
              "routes": {
                "GET /1.1/search/tweets.json": {
                  "latency": "uniform(50ms, 800ms)",
                  "failures": {"503": 0.05, "429": 0.05, "hang": 0.01, "refuse": 0.01},
                  "refuseFor": "3s",
                  "rateLimit": {"requests": 180, "window": "15m"}
                },
                "GET /services/rest/?method=flickr.photos.getInfo": {"latency": "normal(300ms, 100ms)"},
                "POST /register": {"failures": {"503": 0.5}, "body503": {"message": "服务暂不可用", "code": 50300}},
                "*": {"latency": "20ms", "body429": [1, "two", null, true, 2.5]}
              }
            }
            """)
        #expect(configuration.seed == 42)
        #expect(configuration.routes.keys.sorted() == [
            "*", "GET /1.1/search/tweets.json", "GET /services/rest?method=flickr.photos.getInfo", "POST /register",
        ])
        #expect(configuration.routes["GET /1.1/search/tweets.json"] == ChaosRoute(
            latency: .uniform(.milliseconds(50), .milliseconds(800)),
            failures: [.unavailable: 0.05, .rateLimited: 0.05, .hang: 0.01, .refuse: 0.01],
            refuseFor: .seconds(3),
            rateLimit: ChaosRateLimit(requests: 180, window: .seconds(900))
        ))
        #expect(configuration.routes["POST /register"]?.body503 == Data(#"{"code":50300,"message":"服务暂不可用"}"#.utf8))
        #expect(configuration.routes["*"]?.body429 == Data(#"[1,"two",null,true,2.5]"#.utf8))
        #expect(try chaosSettings("{}") == (try ChaosConfiguration()))
    }

    @Test(
        "JSON settings that are not, each refused with what and where",
        arguments: [
            ("not JSON", "not valid JSON"),
            ("[]", "must be a JSON object"),
            (#"{"sead": 1}"#, #"unknown key "sead""#),
            (#"{"seed": -1}"#, "seed must be a whole number"),
            (#"{"seed": "7"}"#, "seed must be a whole number"),
            (#"{"seed": 1.5}"#, "seed must be a whole number"),
            (#"{"routes": []}"#, "routes must be an object"),
            (#"{"routes": {"GET /x": 5}}"#, #"routes["GET /x"] must be an object"#),
            (#"{"routes": {"GET /x": {"latncy": "5ms"}}}"#, #"unknown key "latncy""#),
            (#"{"routes": {"GET /x": {"latency": 5}}}"#, "latency must be a string"),
            (#"{"routes": {"GET /x": {"latency": "soon"}}}"#, "not a duration"),
            (#"{"routes": {"GET /x": {"failures": {"500": 0.1}}}}"#, #"unknown key "500""#),
            (#"{"routes": {"GET /x": {"failures": {"503": 1.5}}}}"#, "must be a number from 0 to 1"),
            (#"{"routes": {"GET /x": {"failures": {"503": true}}}}"#, "must be a number from 0 to 1"),
            (#"{"routes": {"GET /x": {"failures": {"503": 0.6, "429": 0.6}}}}"#, "add up to more than 1"),
            (#"{"routes": {"GET /x": {"body503": "down"}}}"#, "body503 must be a JSON object or array"),
            (#"{"routes": {"GET /x": {"rateLimit": {"requests": 10}}}}"#, "rateLimit.window must be a duration"),
            (#"{"routes": {"GET /x": {"rateLimit": {"requests": 1.5, "window": "1m"}}}}"#, "rateLimit.requests must be a whole number"),
            (#"{"routes": {"GET /x": {"rateLimit": {"requests": 1, "window": "0s"}}}}"#, "longer than 0"),
            (#"{"routes": {"x": {}}}"#, "a route key is METHOD /path"),
        ]
    )
    func jsonRefused(_ json: String, _ message: String) {
        #expect {
            try chaosSettings(json)
        } throws: { error in
            (error as? ChaosSettingsError)?.message.contains(message) == true
        }
    }

    @Test("X-Ripple-Chaos values")
    func header() throws {
        #expect(try ChaosOverride(parsing: "off").off)
        #expect(try ChaosOverride(parsing: "OFF").off)
        let full = try ChaosOverride(parsing: " latency=uniform(1ms, 2ms) ; fail=refuse; for=2s ")
        #expect(full.latency == .uniform(.milliseconds(1), .milliseconds(2)))
        #expect(full.failure == .some(.refuse))
        #expect(full.refuseFor == .seconds(2))
        #expect(try ChaosOverride(parsing: "fail=none").failure == .some(nil))
        #expect(try ChaosOverride(parsing: "fail=503").failure == .some(.unavailable))
        #expect(try ChaosOverride(parsing: "latency=200ms").failure == nil)
        for bad in ["fail=500", "latency=soon", "for=ever", "delay=1s", "fail"] {
            #expect(throws: ChaosSettingsError.self, "\(bad)") { try ChaosOverride(parsing: bad) }
        }
    }

    // MARK: Draws

    @Test("The same seed gives the same decisions; another seed others")
    func sameSeedSameDecisions() throws {
        let settings = try chaosSettings(#"{"seed": 7, "routes": {"*": {"latency": "uniform(0ms, 1s)", "failures": {"503": 0.3, "429": 0.2}}}}"#)
        let first = try decisions(engine(settings), todos, count: 100)
        let second = try decisions(engine(settings), todos, count: 100)
        #expect(first == second)
        var other = settings
        other.seed = 8
        #expect(try decisions(engine(other), todos, count: 100) != first)
        // Both kinds of failure and answers all occur.
        #expect(Set(first.map(\.outcome)) == [.answer, .unavailable, .rateLimited(retryAfter: nil)])
    }

    @Test("Each route has its own stream: requests on another route in between change nothing")
    func routesAreIndependent() throws {
        let settings = try chaosSettings(#"{"seed": 11, "routes": {"*": {"latency": "normal(300ms, 100ms)", "failures": {"503": 0.5}}}}"#)
        let getInfo = ChaosRouteKey(method: "GET", path: "/services/rest", apiMethod: "flickr.photos.getInfo")
        let getFavorites = ChaosRouteKey(method: "GET", path: "/services/rest", apiMethod: "flickr.photos.getFavorites")
        let alone = try decisions(engine(settings), getInfo, count: 50)

        let interleaved = engine(settings)
        var mixed: [ChaosDecision] = []
        var favourites: [ChaosDecision] = []
        for index in 0..<50 {
            for _ in 0..<(index % 3) {
                favourites.append(try #require(try interleaved.decide(getFavorites)))
            }
            mixed.append(try #require(try interleaved.decide(getInfo)))
        }
        #expect(mixed == alone)
        // The two methods do not share a sequence.
        #expect(Array(favourites.prefix(20)) != Array(alone.prefix(20)))
    }

    @Test("The most specific setting applies: METHOD PATH?method=, * PATH?method=, METHOD PATH, * PATH, *")
    func specificity() throws {
        let settings = try chaosSettings("""
            {"seed": 1, "routes": {
              "GET /services/rest?method=flickr.photos.search": {"failures": {"503": 1}},
              "* /services/rest?method=flickr.photos.getInfo": {"failures": {"429": 1}},
              "GET /services/rest": {"failures": {"hang": 1}},
              "* /services/rest": {"failures": {"refuse": 1}, "refuseFor": "7s"},
              "*": {"latency": "5ms"}
            }}
            """)
        let chaos = engine(settings)
        func outcome(_ method: String, _ apiMethod: String?) throws -> ChaosDecision.Outcome? {
            try chaos.decide(ChaosRouteKey(method: method, path: "/services/rest", apiMethod: apiMethod))?.outcome
        }
        #expect(try outcome("GET", "flickr.photos.search") == .unavailable)
        #expect(try outcome("POST", "flickr.photos.search") == .refuse(.seconds(7)))
        #expect(try outcome("POST", "flickr.photos.getInfo") == .rateLimited(retryAfter: nil))
        #expect(try outcome("GET", "flickr.photos.getFavorites") == .hang)
        #expect(try outcome("GET", nil) == .hang)
        #expect(try outcome("DELETE", nil) == .refuse(.seconds(7)))
        #expect(try chaos.decide(todos) == ChaosDecision(outcome: .answer, latency: .milliseconds(5)))
        // No setting at all: no decision.
        #expect(try engine(try ChaosConfiguration(seed: 1)).decide(todos) == nil)
    }

    @Test("Failure chances: about as often as set, over 2,000 requests")
    func chances() throws {
        let settings = try chaosSettings(#"{"seed": 3, "routes": {"*": {"failures": {"503": 0.2, "429": 0.1, "hang": 0.05, "refuse": 0.05}}}}"#)
        let outcomes = try decisions(engine(settings), todos, count: 2000).map(\.outcome)
        func share(_ outcome: ChaosDecision.Outcome) -> Double {
            Double(outcomes.filter { $0 == outcome }.count) / Double(outcomes.count)
        }
        #expect(abs(share(.unavailable) - 0.2) < 0.03)
        #expect(abs(share(.rateLimited(retryAfter: nil)) - 0.1) < 0.03)
        #expect(abs(share(.hang) - 0.05) < 0.02)
        #expect(abs(share(.refuse(.seconds(5))) - 0.05) < 0.02)
        #expect(abs(share(.answer) - 0.6) < 0.03)
    }

    @Test("Latency distributions: fixed, uniform within its bounds, normal clipped at zero and 3 SD")
    func latencies() throws {
        func latencies(_ latency: String) throws -> [Double] {
            let settings = try chaosSettings(#"{"seed": 5, "routes": {"*": {"latency": "\#(latency)"}}}"#)
            return try decisions(engine(settings), todos, count: 2000).map {
                Double($0.latency.components.seconds) * 1000 + Double($0.latency.components.attoseconds) / 1e15
            }
        }
        #expect(Set(try latencies("250ms")) == [250])
        let uniform = try latencies("uniform(100ms, 300ms)")
        #expect(uniform.allSatisfy { (100..<300).contains($0) })
        #expect(abs(uniform.reduce(0, +) / 2000 - 200) < 10)
        let normal = try latencies("normal(300ms, 100ms)")
        #expect(normal.allSatisfy { (0...600).contains($0) })
        #expect(abs(normal.reduce(0, +) / 2000 - 300) < 10)
        let clipped = try latencies("normal(50ms, 100ms)")
        #expect(clipped.allSatisfy { $0 >= 0 && $0 <= 350 })
        #expect(clipped.contains(0))
    }

    @Test("A header overrides one request; the route's draws are taken all the same")
    func headerOverrides() throws {
        let settings = try chaosSettings(#"{"seed": 9, "routes": {"*": {"latency": "uniform(0ms, 100ms)", "failures": {"503": 0.5}}}}"#)
        let plain = try decisions(engine(settings), todos, count: 10)
        let chaos = engine(settings)
        var overridden: [ChaosDecision] = []
        for index in 0..<10 {
            let header: String? = switch index {
            case 2: "fail=429"
            case 4: "latency=1s"
            case 6: "fail=none"
            case 8: "off"
            default: nil
            }
            if let decision = try chaos.decide(todos, header: header) {
                overridden.append(decision)
            }
        }
        #expect(overridden.count == 9)
        #expect(overridden[2] == ChaosDecision(outcome: .rateLimited(retryAfter: nil), latency: plain[2].latency))
        #expect(overridden[4] == ChaosDecision(outcome: plain[4].outcome, latency: .seconds(1)))
        #expect(overridden[6] == ChaosDecision(outcome: .answer, latency: plain[6].latency))
        // The others as without headers, the 9th request's included.
        for index in [0, 1, 3, 5, 7] {
            #expect(overridden[index] == plain[index])
        }
        #expect(overridden[8] == plain[9])
        // A header applies where no setting does.
        #expect(try engine(try ChaosConfiguration(seed: 1)).decide(todos, header: "fail=503; latency=5ms")
            == ChaosDecision(outcome: .unavailable, latency: .milliseconds(5)))
        #expect(try engine(try ChaosConfiguration(seed: 1)).decide(todos, header: "fail=refuse; for=2s")?.outcome == .refuse(.seconds(2)))
    }

    @Test("A rate limit answers 429 after its requests until its window ends, on the services' clock")
    func rateLimit() throws {
        let clock = ManualClock()
        let settings = try chaosSettings(#"{"routes": {"GET /1.1/search/tweets.json": {"rateLimit": {"requests": 3, "window": "15m"}}}}"#)
        let chaos = engine(settings, clock: clock.servicesClock)
        #expect(try decisions(chaos, search, count: 3).map(\.outcome) == [.answer, .answer, .answer])
        clock.advance(by: .seconds(60))
        #expect(try chaos.decide(search)?.outcome == .rateLimited(retryAfter: .seconds(840)))
        clock.advance(by: .milliseconds(839_500))
        #expect(try chaos.decide(search)?.outcome == .rateLimited(retryAfter: .milliseconds(500)))
        clock.advance(by: .milliseconds(500))
        #expect(try decisions(chaos, search, count: 3).map(\.outcome) == [.answer, .answer, .answer])
        #expect(try chaos.decide(search)?.outcome == .rateLimited(retryAfter: .seconds(900)))
    }

    @Test("A seed left out is picked at start; that seed reproduces the run")
    func seedPicked() throws {
        let routes = ["*": ChaosRoute(latency: .uniform(.zero, .seconds(1)), failures: [.unavailable: 0.5])]
        let picked = engine(try ChaosConfiguration(routes: routes))
        let first = try decisions(picked, todos, count: 30)
        let replay = engine(try ChaosConfiguration(seed: picked.seed, routes: routes))
        #expect(try decisions(replay, todos, count: 30) == first)
    }
}
