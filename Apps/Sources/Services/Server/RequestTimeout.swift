import Hummingbird

/// Answers 503 with a JSON error when a request's handler has not answered within
/// the timeout, and cancels the handler.
///
/// The handler and a timer run side by side; the first to end decides. The timer
/// waits on the services' clock (``ServicesClock/sleep``), so a test decides when it
/// fires. The 503 leaves once the cancelled handler has stopped: the store's calls
/// and every wait of the services end on cancellation. The time counts from the
/// request's head, so a body sent more slowly than the timeout is cut off too.
///
/// ```json
/// {"error":"the server did not answer within 10 s","timeout":"10 s"}
/// ```
struct RequestTimeoutMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// How long a handler may take.
    let timeout: Duration
    /// The wait that ends the request (the services' clock).
    let sleep: @Sendable (Duration) async throws -> Void

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let timeout = self.timeout
        let sleep = self.sleep
        return try await withoutActuallyEscaping(next) { next in
            // Called once, by the one child task below, which this call waits for.
            nonisolated(unsafe) let handler = next
            return try await withThrowingTaskGroup(of: Response?.self) { tasks in
                tasks.addTask { try await handler(request, context) }
                tasks.addTask {
                    try await sleep(timeout)
                    return nil
                }
                defer { tasks.cancelAll() }
                guard let first = try await tasks.next(), let response = first else {
                    let limit = Self.describe(timeout)
                    throw ServiceError(
                        .serviceUnavailable, "the server did not answer within \(limit)",
                        context: ["timeout": limit],
                        cause: RequestTimedOut(timeout: limit)
                    )
                }
                return response
            }
        }
    }

    /// `10 s`, `0.25 s`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds) s" }
        let milliseconds = attoseconds / 1_000_000_000_000_000
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: max(0, 3 - fraction.count)) + fraction
        while fraction.hasSuffix("0") {
            fraction.removeLast()
        }
        return fraction.isEmpty ? "\(seconds) s" : "\(seconds).\(fraction) s"
    }
}

/// A request's handler ran past the timeout (the cause its 503 logs).
struct RequestTimedOut: Error, CustomStringConvertible {
    let timeout: String

    var description: String { "the handler was still running after \(timeout); it was cancelled" }
}
