import Hummingbird

/// `GET /health`: whether the server's database answers, for a supervisor or a load
/// balancer.
///
/// | Answer | When |
/// |---|---|
/// | 200 `{"database":"ok","status":"ok"}` | the check returned within the timeout |
/// | 503 `{"database":"error","error":"…","status":"unavailable"}` | the check threw or did not return in time |
///
/// Given the store's name, both bodies say which it is: `"store":"sqlite"`.
public struct HealthService: LocalService {
    private let check: @Sendable () async throws -> Void
    private let timeout: Duration
    private let store: String?

    /// Makes the health route of a database check.
    /// - Parameters:
    ///   - timeout: How long the check may take before the answer is 503 (default 5 s).
    ///   - store: The store's name for the bodies (default none).
    ///   - check: Asks the database something; throws when it does not answer.
    public init(timeout: Duration = .seconds(5), store: String? = nil, check: @escaping @Sendable () async throws -> Void) {
        self.check = check
        self.timeout = timeout
        self.store = store
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
            var context = ["status": "unavailable", "database": "error"]
            context["store"] = store
            throw ServiceError(.serviceUnavailable, "the database does not answer: \(error)", context: context, cause: error)
        }
        guard let store else {
            return .json(ByteBuffer(string: #"{"database":"ok","status":"ok"}"#))
        }
        return .json(ServiceError.encodedObject(["database": "ok", "status": "ok", "store": store]))
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
