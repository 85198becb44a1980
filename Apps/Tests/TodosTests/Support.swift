import AppsTestSupport
import Foundation
import Services

// The todo service in process for the client, integration and app tests, over the
// shared test configuration (AppsTestSupport: small corpora, a free port).

/// Runs `body` with the local services started in process over `directory` (or a
/// new one, removed afterwards), with `fidelity` and `chaos`, on `clock`, and stops
/// them.
func withTodoServices<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    directory: URL? = nil,
    fidelity: Fidelity = .corrected,
    chaos: ChaosConfiguration? = nil,
    clock: ServicesClock = .system,
    _ body: (LocalServices) async throws -> Value
) async throws -> Value {
    try await withTestServices(directory: directory, configure: { configuration in
        configuration.fidelity = fidelity
        configuration.chaos = chaos
        configuration.clock = clock
    }) { services, _ in
        try await body(services)
    }
}
