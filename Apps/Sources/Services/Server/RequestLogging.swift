import Hummingbird
import Logging

/// Logs one line per request at `info`: method, path, status, duration and the
/// request's id, and sends the id back in an `X-Request-Id` header so a client can
/// name the request it means.
///
/// It is the outermost middleware, so the status is the one the client gets (after
/// the error handling) and the duration includes every other middleware. Every line
/// logged while the request runs (an error's cause included) carries the same
/// `hb.request.id` (Hummingbird's). When `debug` is on, a line is logged as the request arrives too.
///
/// ```text
/// 2026-11-29T07:02:11+0000 info todo-server: duration_ms=0.412 hb.request.id=be78ae2fdf5137cc94935e546ec23776 method=GET path=/todos/list status=200 [Services] GET /todos/list 200 in 0.412 ms
/// ```
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The longest path a line quotes; a longer one is cut and ended with "…".
    static let longestLoggedPath = 200

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = context.id
        let method = request.method.rawValue
        let path = Self.loggable(request.uri.path)
        context.logger.debug("\(method) \(path) received", metadata: ["method": .string(method), "path": .string(path)])
        let clock = ContinuousClock()
        let start = clock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // The error handling answers every error; one that escapes it is a bug.
            context.logger.error("\(method) \(path) failed", metadata: ["cause": "\(error)"])
            throw error
        }
        let milliseconds = Self.milliseconds(clock.now - start)
        let status = response.status.code
        context.logger.info(
            "\(method) \(path) \(status) in \(milliseconds) ms",
            metadata: [
                "method": .string(method),
                "path": .string(path),
                "status": .stringConvertible(status),
                "duration_ms": .string(milliseconds),
            ]
        )
        response.headers[.requestId] = id
        return response
    }

    /// The path as a log line quotes it: at most ``longestLoggedPath`` characters,
    /// control characters shown as `?` (a hostile path cannot start a line of its
    /// own or fill the log).
    static func loggable(_ path: String) -> String {
        var shown = ""
        for (index, scalar) in path.unicodeScalars.enumerated() {
            if index == longestLoggedPath {
                shown += "…"
                break
            }
            shown.unicodeScalars.append(scalar.properties.generalCategory == .control ? "?" : scalar)
        }
        return shown
    }

    /// A duration in milliseconds with three decimals (`0.412`).
    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let whole = microseconds / 1000
        let fraction = String(microseconds % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension HTTPFields.Element.Name {
    /// `X-Request-Id`: the id of the request in the server's log.
    static let requestId = HTTPFields.Element.Name("X-Request-Id")!
}
