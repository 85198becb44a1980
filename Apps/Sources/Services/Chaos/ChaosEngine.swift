// The chaos engine: for each request, whether it is answered, late, refused, left
// hanging or the listener stopped, drawn from seeded random streams, one per route.
//
// - Each route key a request has (`GET /todos/list`, or with Flickr's method
//   `GET /services/rest?method=flickr.photos.getInfo`) has its own SplitMix64
//   stream, seeded from the configuration's seed and a stable hash (FNV-1a) of the
//   key. Every request on that key takes the stream's next three numbers: one picks
//   the outcome, two the latency. So the n-th request on a route gets the same
//   outcome in every run with the same seed, whatever other routes were asked in
//   between (so the Flickr search's two metadata calls, getInfo and getFavorites,
//   made in parallel by one `combineLatest`, see independent delays and failures).
// - The outcome: the route's failure chances, in the order 503, 429, hang, refuse,
//   are laid end to end on 0..<1, and the first number picks one or none. A route's
//   rate limit turns an answer into a 429 once its window has had its requests.
// - An `X-Ripple-Chaos` header (tests, or a person with curl) overrides the route's
//   settings for one request (`off` turns chaos off for it); the route's draws are
//   taken all the same, so the header does not shift the sequence of the requests
//   after it.
// - A hanging request waits until the listener stops or the services shut down
//   (``ServicesServer`` releases it then, so a hang never holds a shutdown), and then
//   answers 503. The service cannot see a client that gave up: its request waits,
//   a suspended task and no thread, until the release.
//
// The state (streams, windows, hanging requests) is kept under a `Mutex`; waiting
// requests are resumed after it is released.
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// What chaos does to one request.
public struct ChaosDecision: Sendable, Hashable {
    /// The request's fate.
    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        /// Answered by its route.
        case answer
        /// 503 with the provider's body.
        case unavailable
        /// 429 with the provider's body; a rate limit says when its window ends.
        case rateLimited(retryAfter: Duration?)
        /// No answer until the listener stops.
        case hang
        /// The listener stops for this long.
        case refuse(Duration)

        /// `answer`, `503`, `429`, `hang`, `refuse 5s`.
        public var description: String {
            switch self {
            case .answer: "answer"
            case .unavailable: "503"
            case .rateLimited: "429"
            case .hang: "hang"
            case .refuse(let duration): "refuse \(ChaosDuration.format(duration))"
            }
        }
    }

    /// The request's fate.
    public var outcome: Outcome
    /// How long the request waits first.
    public var latency: Duration

    /// Makes a decision.
    public init(outcome: Outcome, latency: Duration) {
        self.outcome = outcome
        self.latency = latency
    }
}

/// One request's chaos as the `X-Ripple-Chaos` header sets it:
/// `off`, or `;`-separated `latency=LATENCY`, `fail=503|429|hang|refuse|none`,
/// `for=DURATION` (how long a `refuse` stops the listener).
public struct ChaosOverride: Sendable, Equatable {
    /// No chaos for this request.
    public var off = false
    /// The latency in place of the route's.
    public var latency: ChaosLatency?
    /// The failure in place of the route's draw; `.some(nil)` (`fail=none`) forces
    /// an answer.
    public var failure: ChaosFailure??
    /// How long a `refuse` stops the listener.
    public var refuseFor: Duration?

    /// Reads the header's value.
    /// - Throws: ``ChaosSettingsError`` naming the part it cannot read.
    public init(parsing header: String) throws {
        let header = header.trimmingCharacters(in: .whitespaces)
        if header.lowercased() == "off" {
            off = true
            return
        }
        for item in header.split(separator: ";", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            switch name {
            case "latency":
                latency = try ChaosLatency(parsing: value)
            case "fail":
                if value == "none" {
                    failure = .some(nil)
                } else if let named = ChaosFailure(rawValue: value) {
                    failure = named
                } else {
                    throw ChaosSettingsError("fail must be 503, 429, hang, refuse or none: \(value)")
                }
            case "for":
                refuseFor = try ChaosDuration.parse(value)
            case "":
                continue
            default:
                throw ChaosSettingsError("unknown setting \"\(name)\" (off, latency=, fail=, for=)")
            }
        }
    }
}

/// The listener chaos can stop (``ServicesServer``).
protocol ChaosListener: AnyObject, Sendable {
    /// Closes the listening socket, returning once it is closed, and listens again on
    /// the same port after `duration`.
    func refuseConnections(for duration: Duration) async
}

/// The chaos of a running set of services: settings, seeded streams, rate-limit
/// windows, hanging requests, and the listener to stop.
public final class ChaosEngine: Sendable {
    /// The header that sets one request's chaos.
    public static let headerName = HTTPFields.Element.Name("X-Ripple-Chaos")!
    /// How many route keys get a stream (and a rate-limit window) of their own;
    /// requests on further keys (a client inventing Flickr methods) share one.
    static let maximumStreams = 4096

    /// The settings.
    public let configuration: ChaosConfiguration
    /// The seed in use (the configuration's, or the one picked at start).
    public let seed: UInt64

    let clock: ServicesClock
    private let logger: Logger
    private let state = Mutex(State())
    private let listener = Mutex(WeakListener())

    private struct State {
        var streams: [String: SplitMix64] = [:]
        var windows: [String: (start: Date, count: Int)] = [:]
        var hangsReleased = false
        var hangs: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Hanging requests ended before they started to wait.
        var released: Set<UInt64> = []
        var nextHang: UInt64 = 0
        /// Callers of ``waitUntilHanging(_:)``: how many hangs each waits for.
        var hangWatchers: [UInt64: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextHangWatcher: UInt64 = 0

        /// Removes and returns the watchers whose count of hangs is reached.
        mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let satisfied = hangWatchers.filter { $0.value.count <= hangs.count }
            for id in satisfied.keys {
                hangWatchers[id] = nil
            }
            return satisfied.values.map(\.continuation)
        }
    }

    private struct WeakListener {
        weak var value: (any ChaosListener)?
    }

    /// Makes the engine.
    /// - Parameters:
    ///   - configuration: The settings (a `nil` seed picks one from the system's
    ///     random source).
    ///   - clock: Latency sleeps on it; rate-limit windows read it.
    ///   - logger: Each failure is logged (notice level).
    public init(configuration: ChaosConfiguration, clock: ServicesClock, logger: Logger) {
        self.configuration = configuration
        self.seed = configuration.seed ?? UInt64.random(in: 0...(1 << 53))
        self.clock = clock
        self.logger = logger
    }

    /// What chaos does to a request on `key`, with the `X-Ripple-Chaos` header's
    /// value if it has one; `nil` when no setting applies.
    /// - Throws: ``ChaosSettingsError`` for a header it cannot read.
    public func decide(_ key: ChaosRouteKey, header: String? = nil) throws -> ChaosDecision? {
        let override = try header.map(ChaosOverride.init(parsing:))
        let route = configuration.route(for: key)
        guard route != nil || override?.off == false else { return nil }
        let now = route?.rateLimit == nil ? nil : clock.now()
        let streamKey = key.description
        let (draws, retryAfter) = state.withLock { state -> ([Double], Duration??) in
            let name = state.streams[streamKey] != nil || state.streams.count < Self.maximumStreams ? streamKey : ""
            var stream = state.streams[name] ?? SplitMix64(seed: seed ^ Self.fnv1a(name))
            let draws = [stream.nextUnit(), stream.nextUnit(), stream.nextUnit()]
            state.streams[name] = stream
            guard let limit = route?.rateLimit, let now else { return (draws, nil) }
            var window = state.windows[name] ?? (now, 0)
            if now >= window.start.addingTimeInterval(Self.seconds(limit.window)) {
                window = (now, 0)
            }
            window.count += 1
            state.windows[name] = window
            guard window.count > limit.requests else { return (draws, nil) }
            let left = window.start.addingTimeInterval(Self.seconds(limit.window)).timeIntervalSince(now)
            return (draws, .some(.milliseconds(Int64((left * 1000).rounded(.up)))))
        }

        if override?.off == true { return nil }
        var outcome = ChaosDecision.Outcome.answer
        if let route {
            var edge = 0.0
            for failure in ChaosFailure.allCases {
                edge += route.failures[failure] ?? 0
                if draws[0] < edge {
                    outcome = Self.outcome(failure, refuseFor: route.refuseFor)
                    break
                }
            }
            if outcome == .answer, let retryAfter {
                outcome = .rateLimited(retryAfter: retryAfter)
            }
        }
        if let forced = override?.failure {
            outcome = forced.map { Self.outcome($0, refuseFor: route?.refuseFor ?? .seconds(5)) } ?? .answer
        }
        if let refuseFor = override?.refuseFor, case .refuse = outcome {
            outcome = .refuse(refuseFor)
        }
        let latency = (override?.latency ?? route?.latency)?.sample(draws[1], draws[2]) ?? .zero
        return ChaosDecision(outcome: outcome, latency: latency)
    }

    /// How many requests hang now.
    public var hangingRequests: Int {
        state.withLock { $0.hangs.count }
    }

    /// Waits until at least `count` requests hang, or the waiting task is cancelled:
    /// an event to await (a test's "the request now hangs") rather than polling
    /// ``hangingRequests``.
    public func waitUntilHanging(_ count: Int) async {
        let id = state.withLock { state in
            state.nextHangWatcher += 1
            return state.nextHangWatcher
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.hangs.count >= count || Task.isCancelled { return true }
                    state.hangWatchers[id] = (count, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.hangWatchers.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    // MARK: For the middleware and the server

    /// Waits until ``releaseHangs()``, or the graceful shutdown of the server the
    /// request runs in (an application made by ``ServicesApplication/make(services:configuration:logger:chaos:onServerRunning:)``,
    /// whose listener does not release hangs itself), or the task's cancellation.
    func hang() async {
        let id = state.withLock { state in
            state.nextHang += 1
            return state.nextHang
        }
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let (now, watchers) = state.withLock { state in
                        if state.hangsReleased || Task.isCancelled || state.released.remove(id) != nil {
                            return (true, [CheckedContinuation<Void, Never>]())
                        }
                        state.hangs[id] = continuation
                        return (false, state.takeSatisfiedWatchers())
                    }
                    if now { continuation.resume() }
                    for watcher in watchers {
                        watcher.resume()
                    }
                }
            } onCancel: {
                self.release(id)
            }
        } onGracefulShutdown: {
            self.release(id)
        }
    }

    /// Ends one hanging request, or marks it ended if it has not started to wait yet.
    private func release(_ id: UInt64) {
        let continuation = state.withLock { state in
            guard let continuation = state.hangs.removeValue(forKey: id) else {
                state.released.insert(id)
                return CheckedContinuation<Void, Never>?.none
            }
            return continuation
        }
        continuation?.resume()
    }

    /// Ends every hanging request, and any that would start, until ``armHangs()``
    /// (the listener is stopping).
    func releaseHangs() {
        let waiting = state.withLock { state in
            state.hangsReleased = true
            defer { state.hangs = [:] }
            return Array(state.hangs.values)
        }
        for continuation in waiting {
            continuation.resume()
        }
    }

    /// Lets requests hang again (the listener has started).
    func armHangs() {
        state.withLock { $0.hangsReleased = false }
    }

    /// Gives the engine the listener a `refuse` stops.
    func attach(listener: any ChaosListener) {
        self.listener.withLock { $0.value = listener }
    }

    /// Stops the listener for `duration`; `false` when there is no listener (the
    /// router runs without a server, as in router tests).
    func refuseConnections(for duration: Duration) async -> Bool {
        guard let listener = listener.withLock({ $0.value }) else { return false }
        logger.notice("chaos: the listener stops for \(ChaosDuration.format(duration))")
        await listener.refuseConnections(for: duration)
        return true
    }

    /// Logs a failure.
    func log(_ key: ChaosRouteKey, _ outcome: ChaosDecision.Outcome) {
        logger.notice("chaos: \(key) → \(outcome)")
    }

    // MARK: Helpers

    private static func outcome(_ failure: ChaosFailure, refuseFor: Duration) -> ChaosDecision.Outcome {
        switch failure {
        case .unavailable: .unavailable
        case .rateLimited: .rateLimited(retryAfter: nil)
        case .hang: .hang
        case .refuse: .refuse(refuseFor)
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// FNV-1a, 64 bits, of the text's UTF-8: the same in every run (Swift's `Hasher`
    /// is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a constant
/// and mixed; small, fast, and the same numbers for the same seed on every platform.
/// A `RandomNumberGenerator`, so tests can shuffle and pick with it too.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `0..<1` from the top 53 bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
