import AppsTestSupport
import Foundation
import Services
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

/// Waits in real time, a few milliseconds at a time, until `condition` holds or
/// `timeout` passes (long: a whole test suite on two cores is slow); returns
/// whether it held.
func eventually(
    isolation: isolated (any Actor)? = #isolation,
    timeout: Duration = .seconds(30),
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// The values a stream sent so far, from any thread.
final class Collected<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}

/// The 6-digit code in an SMS of the service.
func code(in text: String) -> String? {
    text.firstMatch(of: /code is ([0-9]{6})\./).map { String($0.1) }
}
