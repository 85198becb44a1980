import Foundation
import Hummingbird

/// The one error shape every route of every service answers with.
///
/// The body is a JSON object, keys sorted:
/// `{"error": "<what went wrong, for a person>", ...context}`, where the context
/// keys (`field`, `limit`, `method`, `path`, `objectId`, …) are strings that name
/// what the message talks about. The HTTP status carries the class of the error.
public struct ServiceError: HTTPResponseError, Sendable, Equatable {
    /// The HTTP status of the answer.
    public var status: HTTPResponse.Status
    /// A sentence for a person: what was wrong with the request.
    public var message: String
    /// Extra string fields added beside `error` in the body.
    public var context: [String: String]
    /// Extra response headers (for example `Allow` on a 405).
    public var headers: HTTPFields
    /// What made the server fail, for its log (never in the body): the underlying
    /// error of a 5xx.
    public var cause: String?

    /// Makes an error answer.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - message: The `error` text.
    ///   - context: Extra string fields of the body.
    ///   - headers: Extra response headers.
    ///   - cause: The underlying error, logged with a 5xx and never sent.
    public init(
        _ status: HTTPResponse.Status,
        _ message: String,
        context: [String: String] = [:],
        headers: HTTPFields = [:],
        cause: (any Error)? = nil
    ) {
        self.status = status
        self.message = message
        self.context = context
        self.headers = headers
        self.cause = cause.map { String(describing: $0) }
    }

    /// The JSON body of this error, keys sorted.
    public var body: Data {
        var object = context
        object["error"] = message
        return Self.encodedObject(object)
    }

    /// A JSON object of strings, keys sorted.
    static func encodedObject(_ object: [String: String]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A [String: String] always encodes.
        return (try? encoder.encode(object)) ?? Data(#"{"error":"unencodable error"}"#.utf8)
    }

    /// Renders the error as a response (Hummingbird calls this for thrown errors).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response.json(status: status, body)
        for field in headers {
            response.headers.append(field)
        }
        return response
    }

    /// 400: the request is malformed or a field is missing or wrong.
    public static func badRequest(_ message: String, field: String? = nil) -> ServiceError {
        ServiceError(.badRequest, message, context: field.map { ["field": $0] } ?? [:])
    }
}

extension Response {
    /// A response with a JSON body and `Content-Type: application/json; charset=utf-8`.
    public static func json(status: HTTPResponse.Status = .ok, _ body: Data) -> Response {
        json(status: status, ByteBuffer(bytes: body))
    }

    /// A response with a JSON body already in a buffer.
    public static func json(status: HTTPResponse.Status = .ok, _ body: ByteBuffer) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes)],
            body: ResponseBody(byteBuffer: body)
        )
    }

    /// A response with an HTML body, `Content-Type: text/html; charset=utf-8`.
    public static func html(status: HTTPResponse.Status = .ok, _ text: String) -> Response {
        let buffer = ByteBuffer(string: text)
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .contentLength: String(buffer.readableBytes)],
            body: ResponseBody(byteBuffer: buffer)
        )
    }
}
