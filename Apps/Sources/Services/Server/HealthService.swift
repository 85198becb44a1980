import Hummingbird

/// `GET /health`: whether the server's database answers, for a supervisor or a load
/// balancer.
///
/// | Answer | When |
/// |---|---|
/// | 200 `{"database":"ok","status":"ok"}` | the check returned within the timeout |
/// | 503 `{"database":"error","error":"…","status":"unavailable"}` | the check threw or did not return in time |
public struct HealthService: LocalService {
    private let check: @Sendable () async throws -> Void
    private let timeout: Duration

    /// Makes the health route of a database check.
    /// - Parameters:
    ///   - timeout: How long the check may take before the answer is 503 (default 5 s).
    ///   - check: Asks the database something; throws when it does not answer.
    public init(timeout: Duration = .seconds(5), check: @escaping @Sendable () async throws -> Void) {
        self.check = check
        self.timeout = timeout
    }

    /// The service's path and method.
    public var routes: [String: Set<HTTPRequest.Method>] {
        ["/health": [.get]]
    }

    /// Adds the route to the router.
    public func mount(on router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in try await health() }
    }

    private func health() async throws -> Response {
        do {
            try await checkWithinTimeout()
        } catch {
            throw ServiceError(
                .serviceUnavailable, "the database does not answer: \(error)",
                context: ["status": "unavailable", "database": "error"]
            )
        }
        return .json(ByteBuffer(string: #"{"database":"ok","status":"ok"}"#))
    }

    /// Runs the check against the timeout; the first to end decides.
    private func checkWithinTimeout() async throws {
        let check = self.check
        let timeout = self.timeout
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await check() }
            tasks.addTask {
                try await Task.sleep(for: timeout)
                throw HealthTimeout(timeout: timeout)
            }
            defer { tasks.cancelAll() }
            try await tasks.next()
        }
    }
}

/// The database check took longer than the health route waits.
struct HealthTimeout: Error, CustomStringConvertible {
    let timeout: Duration

    var description: String { "no answer within \(timeout)" }
}
