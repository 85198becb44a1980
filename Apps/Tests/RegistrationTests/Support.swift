import AppsTestSupport
import Foundation
import Services
import Ripple
import Synchronization

// The Users service in process for the client and integration tests: a new data
// directory each time, no photos, the services' fixture changelogs (a few tweets,
// so their import stays cheap), cheap password hashing, and chaos when asked.

/// Runs `body` with the local services started on a free loopback port over a new
/// data directory (removed afterwards), on `clock`, with `chaos` if given, and
/// stops them.
func withUsersService<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    chaos: ChaosConfiguration? = nil,
    clock: ServicesClock = .system,
    _ body: (LocalServices) async throws -> Value
) async throws -> Value {
    try await withTestServices(configure: { configuration in
        configuration.clock = clock
        configuration.chaos = chaos
    }) { services, _ in
        try await body(services)
    }
}

/// The system's clock, ahead by as much as the test moved it: the Users service's
/// minute between two codes passes without waiting.
final class MovableClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    var clock: ServicesClock {
        ServicesClock(now: { [self] in Date().addingTimeInterval(offset.withLock { $0 }) },
                      sleep: { try await Task.sleep(for: $0) })
    }

    func moveOn(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}

/// Chaos settings for one route: `failures` on every request, after `latency`.
func chaos(on route: String, latency: ChaosLatency? = nil, failures: [ChaosFailure: Double] = [:]) throws -> ChaosConfiguration {
    try ChaosConfiguration(seed: 21, routes: [route: ChaosRoute(latency: latency, failures: failures)])
}

/// The first value of `property`, now or at a later change, that satisfies
/// `condition`: the wait ends with the change itself, not after a time (the
/// suite's time limit stops a wait that never ends).
func value<Value: Sendable>(of property: Property<Value>, where condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
    await property.producer.filter(condition).first()
}

/// Every value `signal` sent since this call, as a property a test waits on.
func collected<Value: Sendable>(_ signal: Signal<Value, Never>) -> Property<[Value]> {
    Property(initial: [], then: signal.scan([]) { values, value in values + [value] })
}

/// The 6-digit code in an SMS of the service.
func code(in text: String) -> String? {
    text.firstMatch(of: /code is ([0-9]{6})\./).map { String($0.1) }
}
