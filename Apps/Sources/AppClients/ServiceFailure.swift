import Foundation
import RippleFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// ServiceFailure: why a request to a local service gave no usable answer, as every
// app's client sees it before it turns it into its own error (the todo app's
// `TodoError`, the registration form's `APIError`).
//
//     what happened                                      ServiceFailure
//     refused, lost, the session's own timeout           noResponse(URLError)
//     no answer within the connection's timeout          timedOut(seconds)
//     a status outside 2xx                               rejected(status, body): errorDocument
//     a 2xx body that is not the expected JSON           unreadable(reason)
//     a request that could not be written (its JSON)     invalidRequest(reason)

/// Why a request to a service gave no usable answer.
///
/// ```swift
/// connection.get("todos/list").decoded(as: [TodoJSON].self).mapError { failure in
///     switch failure {
///     case .rejected: TodoError.rejected(status: …, message: failure.errorDocument?.message ?? failure.bodyExcerpt)
///     …
///     }
/// }
/// ```
public enum ServiceFailure: Error, Sendable {
    /// The request got no response: the connection was refused or lost, or the
    /// session gave up.
    case noResponse(URLError)
    /// No answer came within this many seconds of the connection's scheduler; the
    /// request was cancelled.
    case timedOut(seconds: Double)
    /// The service answered with a status outside 2xx, and this body (see
    /// ``errorDocument`` and ``decodedBody(as:decoder:)``).
    case rejected(status: Int, body: Data)
    /// The service answered 2xx with something that is not the answer expected.
    case unreadable(reason: String)
    /// The request could not be written (a JSON body that does not encode).
    case invalidRequest(reason: String)

    /// The failure of a request as RippleFoundation reports it.
    init(_ error: RequestError) {
        switch error {
        case let .transport(urlError): self = .noResponse(urlError)
        case let .status(code, body): self = .rejected(status: code, body: body)
        case .decoding: self = .unreadable(reason: error.description)
        }
    }

    /// The failure of a 2xx `body` that does not decode as expected.
    static func undecodable(_ error: Error, body: Data) -> ServiceFailure {
        if let error = error as? DecodingError {
            return ServiceFailure(RequestError.decoding(error, body: body))
        }
        return .unreadable(reason: "\(error)")
    }

    /// `body` decoded as JSON of `type`, or the failure that says why it is not.
    public static func decode<T: Decodable>(
        _ type: T.Type, from body: Data, decoder: JSONDecoder = JSONDecoder()
    ) -> Result<T, ServiceFailure> {
        Result { try decoder.decode(type, from: body) }.mapError { undecodable($0, body: body) }
    }

    /// The body of a ``rejected(status:body:)`` failure decoded as `type` (a
    /// service's own error shape); `nil` for the other failures, and for a body that
    /// does not decode.
    public func decodedBody<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) -> T? {
        guard case let .rejected(_, body) = self else { return nil }
        return try? decoder.decode(type, from: body)
    }

    /// The error document of a ``rejected(status:body:)`` failure, when the service
    /// sent one: `{"error": "…"}` or `{"code": 40004, "message": "…"}`.
    public var errorDocument: ServiceErrorDocument? {
        decodedBody(as: ServiceErrorDocument.self)
    }

    /// The start of a rejected answer's body as one line of text; `""` for the other
    /// failures.
    public var bodyExcerpt: String {
        guard case let .rejected(_, body) = self else { return "" }
        return Self.excerpt(of: body)
    }

    /// The first 200 bytes of `body` as one line of text, with `…` when there is
    /// more.
    public static func excerpt(of body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return body.count > 200 ? text + "…" : text
    }
}

extension ServiceFailure: CustomStringConvertible {
    /// One line for logs and error lines: `no response: … (URLError -1004)`, `no
    /// answer within 10 s`, `HTTP 503: {"error":"…"}`, `undecodable response: …`.
    public var description: String {
        switch self {
        case let .noResponse(error):
            RequestError.transport(error).description
        case let .timedOut(seconds):
            "no answer within \(Self.format(seconds)) s"
        case let .rejected(status, body):
            body.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(Self.excerpt(of: body))"
        case let .unreadable(reason), let .invalidRequest(reason):
            reason
        }
    }

    /// `10`, `0.5`: whole seconds without a fraction.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

/// A service's error document: the Todo service's `{"error": "no todo has this
/// objectId"}`, the Users service's `{"code": 40004, "message": "…", "field": "verifyCode"}`.
public struct ServiceErrorDocument: Decodable, Sendable, Hashable {
    /// The service's own code, when it gives one.
    public var code: Int?
    /// What went wrong, in the service's words (its `message`, else its `error`).
    public var message: String
    /// The request's field at fault, when the service names one.
    public var field: String?

    private enum CodingKeys: String, CodingKey {
        case code, message, error, field
    }

    /// A document made of its fields.
    public init(code: Int? = nil, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// Reads `message` or `error`, and `code` and `field` when present.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decodeIfPresent(Int.self, forKey: .code)
        field = try container.decodeIfPresent(String.self, forKey: .field)
        message = try container.decodeIfPresent(String.self, forKey: .message)
            ?? container.decode(String.self, forKey: .error)
    }
}
