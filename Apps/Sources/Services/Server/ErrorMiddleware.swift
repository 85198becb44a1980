import Hummingbird
import Logging
import NIOCore

/// Turns every error a route or the router throws into the services' JSON error
/// shape (``ServiceError``, or a service's own: ``TwitterError`` on the Twitter
/// routes, ``PxError`` on the 500px routes, ``UserError`` on the Users routes), so no
/// client ever sees Hummingbird's own error body or an empty 500.
///
/// - An unknown path answers 404; a known path asked with a method it does not
///   serve answers 405 with an `Allow` header (Hummingbird's router answers both
///   with 404, so the middleware tells them apart from the route table, whose
///   patterns, `/v1/photos/:id`, count as well as its exact paths).
/// - A body over the limit answers 413.
/// - Any other error is a fault of the server: logged, and answered 500.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The methods each known path or pattern serves, for telling 404 from 405.
    let routes: RouteTable

    init(routes: [String: Set<HTTPRequest.Method>]) {
        self.routes = RouteTable(routes)
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServiceError {
            if error.status.code >= 500 {
                // The server failed: say why in the log (the body says only what failed).
                context.logger.error(
                    "\(error.status.code) on \(request.method) \(RequestLogMiddleware.loggable(request.uri.path)): \(error.message)",
                    metadata: ["cause": "\(error.cause ?? error.message)"]
                )
            }
            return try error.response(from: request, context: context)
        } catch let error as TwitterError {
            return try error.response(from: request, context: context)
        } catch let error as PxError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            return try notFound(request).response(from: request, context: context)
        } catch let error as HTTPError {
            return try ServiceError(error.status, error.body ?? error.status.reasonPhrase)
                .response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // A service's own error shape (the Users service's `{code, message}`).
            return try error.response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try ServiceError(.contentTooLarge, "request body is too large")
                .response(from: request, context: context)
        } catch {
            context.logger.error(
                "unhandled error on \(request.method) \(RequestLogMiddleware.loggable(request.uri.path))",
                metadata: ["cause": "\(error)"]
            )
            return try ServiceError(.internalServerError, "internal error")
                .response(from: request, context: context)
        }
    }

    private func notFound(_ request: Request) -> ServiceError {
        // A hostile path of many kilobytes is not sent back whole.
        let path = RequestLogMiddleware.loggable(request.uri.path)
        let methods = routes.methods(for: request.uri.path)
        // A route that serves this method threw the 404 itself: its path is unknown.
        guard !methods.isEmpty, !methods.contains(request.method) else {
            return ServiceError(.notFound, "no route for this path", context: ["method": request.method.rawValue, "path": path])
        }
        let allow = methods.map(\.rawValue).sorted().joined(separator: ", ")
        return ServiceError(
            .methodNotAllowed,
            "this path does not serve this method",
            context: ["method": request.method.rawValue, "path": path, "allow": allow],
            headers: [.allow: allow]
        )
    }
}
