import Foundation
import Hummingbird

/// Applies the chaos engine's decision to each routed request: sleeps its latency
/// on the services' clock, then answers it, or answers 503 or 429 with the
/// provider's body, or leaves it hanging, or stops the listener.
///
/// It runs inside the error middleware and after routing, so the route's pattern is
/// known (`context.endpointPath`); an unknown path is left to its 404.
struct ChaosMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let chaos: ChaosEngine

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let path = context.endpointPath, path.hasPrefix("/") else {
            return try await next(request, context)
        }
        let key = ChaosRouteKey(method: request.method.rawValue, path: path, apiMethod: Self.apiMethod(request.uri.query))
        let decision: ChaosDecision?
        do {
            decision = try chaos.decide(key, header: request.headers[ChaosEngine.headerName])
        } catch let error as ChaosSettingsError {
            throw ServiceError(
                .badRequest, "X-Ripple-Chaos: \(error.message)", context: ["header": ChaosEngine.headerName.rawName]
            )
        }
        guard let decision else { return try await next(request, context) }
        if decision.latency > .zero {
            try await chaos.clock.sleep(decision.latency)
        }
        if decision.outcome != .answer {
            chaos.log(key, decision.outcome)
        }
        switch decision.outcome {
        case .answer:
            return try await next(request, context)
        case .unavailable:
            let route = chaos.configuration.route(for: key)
            return .json(status: .serviceUnavailable, route?.body503 ?? ChaosBodies.unavailable(path: key.path))
        case .rateLimited(let retryAfter):
            let route = chaos.configuration.route(for: key)
            var response = Response.json(status: .tooManyRequests, route?.body429 ?? ChaosBodies.rateLimited(path: key.path))
            if let retryAfter {
                let (seconds, rest) = (retryAfter.components.seconds, retryAfter.components.attoseconds)
                response.headers[.retryAfter] = String(seconds + (rest > 0 ? 1 : 0))
            }
            return response
        case .hang:
            await chaos.hang()
            return try ServiceError(.serviceUnavailable, "chaos: this request hung until the listener stopped")
                .response(from: request, context: context)
        case .refuse(let duration):
            let stopped = await chaos.refuseConnections(for: duration)
            let message = stopped
                ? "chaos: the listener stopped; connections are refused for \(ChaosDuration.format(duration))"
                : "chaos: the listener would stop, but these services run without one"
            return try ServiceError(.serviceUnavailable, message).response(from: request, context: context)
        }
    }

    /// Flickr's `method` query parameter, when the request has one.
    private static func apiMethod(_ query: String?) -> String? {
        guard let query, query.contains("method=") else { return nil }
        return TweetsService.queryParameters(query)?["method"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// The providers' own bodies for a 503 and a 429, by path: Twitter's error codes 130
/// and 88, 500px's `{"error":…,"status":N}`, Flickr's error 105 (service currently
/// unavailable), the Users service's `{code, message}`; the services' `{"error":…}`
/// elsewhere. A route's settings can name others (`body503`, `body429`).
public enum ChaosBodies {
    /// A 503's body for a route pattern.
    public static func unavailable(path: String) -> Data {
        switch provider(path) {
        case .twitter: Data(#"{"errors":[{"code":130,"message":"Over capacity"}]}"#.utf8)
        case .px: Data(#"{"error":"Service Unavailable","status":503}"#.utf8)
        case .flickr: Data(#"{"code":105,"message":"Service currently unavailable","stat":"fail"}"#.utf8)
        case .users: Data(#"{"code":50300,"message":"服务暂不可用，请稍后再试"}"#.utf8)
        case .services: ServiceError(.serviceUnavailable, "service unavailable (chaos)").body
        }
    }

    /// A 429's body for a route pattern.
    public static func rateLimited(path: String) -> Data {
        switch provider(path) {
        case .twitter: Data(#"{"errors":[{"code":88,"message":"Rate limit exceeded"}]}"#.utf8)
        case .px: Data(#"{"error":"Too Many Requests","status":429}"#.utf8)
        case .users: Data(#"{"code":42901,"message":"请求过于频繁，请稍后再试"}"#.utf8)
        case .flickr, .services: ServiceError(.tooManyRequests, "too many requests (chaos)").body
        }
    }

    private enum Provider {
        case twitter, px, flickr, users, services
    }

    private static func provider(_ path: String) -> Provider {
        if path.hasPrefix("/1.1/") || path == "/oauth2/token" { return .twitter }
        if path.hasPrefix("/v1/") { return .px }
        if path.hasPrefix("/services/rest") { return .flickr }
        if ["/verify-code", "/register", "/sms-outbox"].contains(path) { return .users }
        return .services
    }
}
