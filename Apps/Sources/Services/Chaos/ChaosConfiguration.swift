// The chaos settings: per route, a latency distribution and the chances of each
// failure, read from a JSON file (`ripple-services --chaos FILE`) or made in Swift.
//
// ```json
// {
//   "seed": 42,
//   "routes": {
//     "GET /1.1/search/tweets.json": {
//       "latency": "uniform(50ms, 800ms)",
//       "failures": {"503": 0.05, "429": 0.05, "hang": 0.01, "refuse": 0.01},
//       "refuseFor": "5s",
//       "rateLimit": {"requests": 180, "window": "15m"}
//     },
//     "GET /services/rest?method=flickr.photos.getInfo": {"latency": "normal(300ms, 100ms)"},
//     "POST /register": {"failures": {"503": 0.5}, "body503": {"code": 50300, "message": "服务暂不可用"}},
//     "*": {"latency": "20ms"}
//   }
// }
// ```
//
// A route key is `METHOD PATTERN`, the pattern as the route was declared (`:id` and
// `{id}` alike) and without a trailing slash, with `?method=NAME` added for Flickr's
// one-path API, whose methods are told apart by that parameter. `*` as the method
// matches any method; the key `*` alone matches every route. A request takes the
// most specific setting: `METHOD PATTERN?method=`, `* PATTERN?method=`, `METHOD
// PATTERN`, `* PATTERN`, `*`.
//
// Latency is a fixed duration (`200ms`), `uniform(MIN, MAX)`, or `normal(MEAN, SD)`
// clipped to MEAN ± 3 SD and at zero. Durations are a number and `ms`, `s` or `m`.
// Failure chances are each in 0...1 and add up to at most 1.
import Foundation

/// A latency distribution.
public enum ChaosLatency: Sendable, Equatable, CustomStringConvertible {
    /// Always this long.
    case fixed(Duration)
    /// Uniform between the two (inclusive of the first).
    case uniform(Duration, Duration)
    /// Normal, clipped to `mean ± 3 deviation` and at zero.
    case normal(mean: Duration, deviation: Duration)

    /// Reads `200ms`, `uniform(50ms, 800ms)` or `normal(300ms, 100ms)`.
    public init(parsing text: String) throws {
        let text = text.trimmingCharacters(in: .whitespaces)
        func arguments(_ name: String) throws -> (Duration, Duration)? {
            guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
            let inner = text.dropFirst(name.count + 1).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw ChaosSettingsError("\(name)(…) takes two durations: \(text)") }
            return (try ChaosDuration.parse(String(parts[0])), try ChaosDuration.parse(String(parts[1])))
        }
        if let (low, high) = try arguments("uniform") {
            guard low <= high else { throw ChaosSettingsError("uniform(MIN, MAX) needs MIN <= MAX: \(text)") }
            self = .uniform(low, high)
        } else if let (mean, deviation) = try arguments("normal") {
            self = .normal(mean: mean, deviation: deviation)
        } else {
            self = .fixed(try ChaosDuration.parse(text))
        }
    }

    /// The latency for two uniform draws in `0..<1`.
    func sample(_ first: Double, _ second: Double) -> Duration {
        switch self {
        case .fixed(let duration):
            return duration
        case .uniform(let low, let high):
            return low + (high - low) * first
        case .normal(let mean, let deviation):
            // Box–Muller: 1 - first is in (0, 1], so its logarithm is finite.
            let z = (-2 * Foundation.log(1 - first)).squareRoot() * Foundation.cos(2 * Double.pi * second)
            let clipped = min(max(z, -3), 3)
            let value = mean + deviation * clipped
            return max(value, .zero)
        }
    }

    /// The text it was read from, in canonical form.
    public var description: String {
        switch self {
        case .fixed(let duration): ChaosDuration.format(duration)
        case .uniform(let low, let high): "uniform(\(ChaosDuration.format(low)), \(ChaosDuration.format(high)))"
        case .normal(let mean, let deviation): "normal(\(ChaosDuration.format(mean)), \(ChaosDuration.format(deviation)))"
        }
    }
}

/// Durations as the chaos settings write them: `250ms`, `1.5s`, `15m`.
public enum ChaosDuration {
    /// The longest duration accepted (a latency or an outage longer than this is a typo).
    public static let maximum: Duration = .seconds(3600)

    /// Reads a number and a unit (`ms`, `s`, `m`).
    public static func parse(_ text: String) throws -> Duration {
        let text = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for (unit, seconds) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite
            else { break }
            let duration = Duration.milliseconds(Int64((value * seconds * 1000).rounded()))
            guard duration <= maximum else { throw ChaosSettingsError("\(text) is longer than an hour") }
            return duration
        }
        throw ChaosSettingsError("not a duration (a number and ms, s or m): \(text)")
    }

    /// `250ms`, `2s`, `1.5s`.
    public static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}

/// What a request may get instead of its answer.
public enum ChaosFailure: String, Sendable, Equatable, CaseIterable {
    /// 503 with the provider's body.
    case unavailable = "503"
    /// 429 with the provider's body.
    case rateLimited = "429"
    /// No answer until the listener stops or the services shut down.
    case hang
    /// The listener stops: this request gets 503, later connections are refused
    /// until it starts again.
    case refuse
}

/// At most so many requests per window, then 429 until the window ends (Twitter's
/// "N requests per 15 minutes"). Windows are fixed: the first request opens one.
public struct ChaosRateLimit: Sendable, Equatable {
    /// Requests allowed per window.
    public var requests: Int
    /// The window's length.
    public var window: Duration

    /// Makes a limit.
    public init(requests: Int, window: Duration) {
        self.requests = requests
        self.window = window
    }
}

/// The chaos settings of one route key.
public struct ChaosRoute: Sendable, Equatable {
    /// Added before the answer; `nil` for none.
    public var latency: ChaosLatency?
    /// The chance of each failure per request; the rest answer normally.
    public var failures: [ChaosFailure: Double]
    /// How long the listener stays stopped after a `refuse`.
    public var refuseFor: Duration
    /// A 503's JSON body in place of the provider's default.
    public var body503: Data?
    /// A 429's JSON body in place of the provider's default.
    public var body429: Data?
    /// A request limit per window.
    public var rateLimit: ChaosRateLimit?

    /// Makes a route's settings.
    public init(
        latency: ChaosLatency? = nil, failures: [ChaosFailure: Double] = [:], refuseFor: Duration = .seconds(5),
        body503: Data? = nil, body429: Data? = nil, rateLimit: ChaosRateLimit? = nil
    ) {
        self.latency = latency
        self.failures = failures
        self.refuseFor = refuseFor
        self.body503 = body503
        self.body429 = body429
        self.rateLimit = rateLimit
    }
}

/// Every route's chaos settings and the seed of their random draws.
public struct ChaosConfiguration: Sendable, Equatable {
    /// The seed of every route's draws; `nil` picks one at start (and says which).
    public var seed: UInt64?
    /// The settings by route key (normalised: see ``ChaosRouteKey``).
    public var routes: [String: ChaosRoute]

    /// Makes settings; route keys are normalised.
    public init(seed: UInt64? = nil, routes: [String: ChaosRoute] = [:]) throws {
        self.seed = seed
        var normalised: [String: ChaosRoute] = [:]
        for (key, route) in routes {
            normalised[try ChaosRouteKey(parsing: key).description] = route
        }
        self.routes = normalised
    }

    /// Reads the JSON form (the top of this file shows it).
    /// - Throws: ``ChaosSettingsError`` naming what is wrong and where.
    public init(json: Data) throws {
        let value: ChaosJSON
        do {
            value = try JSONDecoder().decode(ChaosJSON.self, from: json)
        } catch {
            throw ChaosSettingsError("the chaos settings are not valid JSON")
        }
        guard case .object(let top) = value else { throw ChaosSettingsError("the chaos settings must be a JSON object") }
        try Self.refuseUnknownKeys(top, known: ["seed", "routes"], at: "the settings")
        var seed: UInt64?
        if let value = top["seed"] {
            guard case .integer(let number) = value, number >= 0 else {
                throw ChaosSettingsError("seed must be a whole number, at least 0")
            }
            seed = UInt64(number)
        }
        var parsed: [String: ChaosRoute] = [:]
        switch top["routes"] {
        case nil:
            break
        case .object(let routes):
            for (key, value) in routes {
                guard case .object(let settings) = value else { throw ChaosSettingsError("routes[\"\(key)\"] must be an object") }
                parsed[key] = try Self.route(settings, at: "routes[\"\(key)\"]")
            }
        default:
            throw ChaosSettingsError("routes must be an object of route keys")
        }
        try self.init(seed: seed, routes: parsed)
    }

    /// Reads a JSON file.
    public static func load(from url: URL) throws -> ChaosConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ChaosSettingsError("cannot read \(url.path)")
        }
        return try ChaosConfiguration(json: data)
    }

    /// The settings a request takes: the most specific key that has some.
    func route(for key: ChaosRouteKey) -> ChaosRoute? {
        for candidate in key.candidates {
            if let route = routes[candidate] { return route }
        }
        return nil
    }

    // MARK: Reading

    private static func route(_ settings: [String: ChaosJSON], at place: String) throws -> ChaosRoute {
        try refuseUnknownKeys(settings, known: ["latency", "failures", "refuseFor", "body503", "body429", "rateLimit"], at: place)
        var route = ChaosRoute()
        if let latency = settings["latency"] {
            guard case .string(let text) = latency else { throw ChaosSettingsError("\(place).latency must be a string") }
            route.latency = try ChaosLatency(parsing: text)
        }
        if let failures = settings["failures"] {
            guard case .object(let chances) = failures else { throw ChaosSettingsError("\(place).failures must be an object") }
            try refuseUnknownKeys(chances, known: Set(ChaosFailure.allCases.map(\.rawValue)), at: "\(place).failures")
            for (name, value) in chances {
                guard let failure = ChaosFailure(rawValue: name), let chance = value.number, (0...1).contains(chance) else {
                    throw ChaosSettingsError("\(place).failures.\(name) must be a number from 0 to 1")
                }
                route.failures[failure] = chance
            }
            guard route.failures.values.reduce(0, +) <= 1 + 1e-9 else {
                throw ChaosSettingsError("\(place).failures add up to more than 1")
            }
        }
        if let refuseFor = settings["refuseFor"] {
            guard case .string(let text) = refuseFor else { throw ChaosSettingsError("\(place).refuseFor must be a string") }
            route.refuseFor = try ChaosDuration.parse(text)
        }
        for (name, status) in [("body503", 503), ("body429", 429)] {
            guard let body = settings[name] else { continue }
            switch body {
            case .object, .array: break
            default: throw ChaosSettingsError("\(place).\(name) must be a JSON object or array (the \(status) answer's body)")
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(body)
            if status == 503 { route.body503 = data } else { route.body429 = data }
        }
        if let limit = settings["rateLimit"] {
            guard case .object(let limit) = limit else { throw ChaosSettingsError("\(place).rateLimit must be an object") }
            try refuseUnknownKeys(limit, known: ["requests", "window"], at: "\(place).rateLimit")
            guard case .integer(let requests) = limit["requests"], requests >= 0, let count = Int(exactly: requests) else {
                throw ChaosSettingsError("\(place).rateLimit.requests must be a whole number, at least 0")
            }
            guard case .string(let window) = limit["window"] else {
                throw ChaosSettingsError("\(place).rateLimit.window must be a duration")
            }
            let duration = try ChaosDuration.parse(window)
            guard duration > .zero else { throw ChaosSettingsError("\(place).rateLimit.window must be longer than 0") }
            route.rateLimit = ChaosRateLimit(requests: count, window: duration)
        }
        return route
    }

    private static func refuseUnknownKeys(_ object: [String: ChaosJSON], known: Set<String>, at place: String) throws {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw ChaosSettingsError("\(place) has an unknown key \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
    }
}

/// A JSON value as the settings file has it, booleans and whole numbers told apart
/// from other numbers (JSONSerialization gives all three as NSNumber).
enum ChaosJSON: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([ChaosJSON])
    case object([String: ChaosJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ChaosJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ChaosJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// A number of either kind.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}

/// A route as the chaos settings name it: the method, the route's pattern, and
/// Flickr's `method` parameter when the request has one.
public struct ChaosRouteKey: Hashable, Sendable, CustomStringConvertible {
    /// `GET`, `POST`, …, or `*`.
    public var method: String
    /// The route's pattern (`/v1/photos/{id}`), or `*`.
    public var path: String
    /// Flickr's `?method=` value.
    public var apiMethod: String?

    /// Makes a key; the path is normalised (`:id` → `{id}`, no trailing slash).
    public init(method: String, path: String, apiMethod: String? = nil) {
        self.method = method.uppercased()
        self.path = Self.normalise(path)
        self.apiMethod = apiMethod
    }

    /// Reads `METHOD PATTERN[?method=NAME]` or `*`.
    public init(parsing text: String) throws {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "*" {
            self.init(method: "*", path: "*")
            return
        }
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "*" }), parts[1].hasPrefix("/") else {
            throw ChaosSettingsError("a route key is METHOD /path[?method=NAME] or *: \(text)")
        }
        var path = String(parts[1])
        var apiMethod: String?
        if let question = path.firstIndex(of: "?") {
            let query = path[path.index(after: question)...]
            guard query.hasPrefix("method="), query.count > "method=".count else {
                throw ChaosSettingsError("the only query a route key takes is ?method=NAME: \(text)")
            }
            apiMethod = String(query.dropFirst("method=".count))
            path = String(path[..<question])
        }
        self.init(method: String(parts[0]), path: path, apiMethod: apiMethod)
    }

    /// `GET /services/rest?method=flickr.photos.search`.
    public var description: String {
        if method == "*" && path == "*" { return "*" }
        return "\(method) \(path)" + (apiMethod.map { "?method=\($0)" } ?? "")
    }

    /// The keys whose settings apply, most specific first.
    var candidates: [String] {
        var keys: [String] = []
        if let apiMethod {
            keys.append("\(method) \(path)?method=\(apiMethod)")
            keys.append("* \(path)?method=\(apiMethod)")
        }
        keys.append("\(method) \(path)")
        keys.append("* \(path)")
        keys.append("*")
        return keys
    }

    private static func normalise(_ path: String) -> String {
        guard path != "*" else { return path }
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map { component -> String in
            component.hasPrefix(":") ? "{\(component.dropFirst())}" : String(component)
        }
        return "/" + components.joined(separator: "/")
    }
}

/// A chaos setting that cannot be read: says what and where.
public struct ChaosSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Makes an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
