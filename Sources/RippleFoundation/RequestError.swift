import Foundation

/// Why a request did not give the value a client expected: no response, a response
/// with a failing status, or a body that is not what was expected.
///
/// The error of ``Ripple/SignalProducer/validated(statusCodes:)`` and
/// `decoded(as:decoder:)`. A client usually maps it
/// to the error of its service protocol, which is all a ViewModel sees:
///
/// ```swift
/// session.reactive.data(with: request)
///     .decoded(as: TweetPage.self)
///     .mapError { error in
///         switch error {
///         case .transport: SearchError.offline
///         case .status, .decoding: SearchError.invalidResponse
///         }
///     }
/// ```
public enum RequestError: Error {
    /// The request got no response: the connection was refused or lost, or the
    /// request timed out.
    case transport(URLError)
    /// The server answered with a status outside the accepted ones (200–299 by
    /// default), and this body; ``decodedBody(as:decoder:)`` reads a service's error
    /// document from it.
    case status(code: Int, body: Data)
    /// The body could not be decoded as the expected type: not JSON, a missing or
    /// mistyped field, or an error thrown by the type's own `init(from:)` (kept as
    /// the `underlyingError` of a `dataCorrupted` error).
    case decoding(DecodingError, body: Data)

    /// The status code of a ``status(code:body:)`` failure; `nil` for the others.
    public var statusCode: Int? {
        if case let .status(code, _) = self { return code }
        return nil
    }

    /// The body of a ``status(code:body:)`` failure decoded as `type`: how a client
    /// reads the error document a service sends with a 4xx or 5xx (`{"code": 409,
    /// "message": "…"}`). `nil` for the other failures, and for a body that does
    /// not decode.
    ///
    /// ```swift
    /// .mapError { error in
    ///     error.decodedBody(as: APIErrorBody.self).map { APIError(code: $0.code, info: $0.message) }
    ///         ?? APIError(code: error.statusCode ?? 0, info: "")
    /// }
    /// ```
    public func decodedBody<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) -> T? {
        guard case let .status(_, body) = self else { return nil }
        return try? decoder.decode(type, from: body)
    }
}

extension RequestError: CustomStringConvertible {
    /// One line for logs and error labels: `HTTP 404: {"message":"not found"}`,
    /// `no response: …`, `undecodable response: …`. A long body is cut to its first
    /// 200 characters.
    public var description: String {
        switch self {
        case let .transport(error):
            "no response: \(error.localizedDescription) (URLError \(error.code.rawValue))"
        case let .status(code, body):
            body.isEmpty ? "HTTP \(code)" : "HTTP \(code): \(Self.excerpt(of: body))"
        case let .decoding(error, _):
            "undecodable response: \(Self.summary(of: error))"
        }
    }

    /// The start of `body` as text, on one line.
    private static func excerpt(of body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .joined(separator: " ")
        return body.count > 200 ? text + "…" : text
    }

    /// What went wrong, and where: `missing key "stars" at owner (…)`.
    private static func summary(of error: DecodingError) -> String {
        let (problem, context): (String, DecodingError.Context?) = switch error {
        case let .keyNotFound(key, context): ("missing key \"\(key.stringValue)\"", context)
        case let .valueNotFound(type, context): ("missing \(type) value", context)
        case let .typeMismatch(type, context): ("expected \(type)", context)
        case let .dataCorrupted(context): ("corrupted data", context)
        @unknown default: (String(describing: error), nil)
        }
        guard let context else { return problem }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        let location = path.isEmpty ? "" : " at \(path.joined(separator: "."))"
        return "\(problem)\(location) (\(context.debugDescription))"
    }
}

extension RequestError: LocalizedError {
    /// The ``description``, so that `error.localizedDescription` tells what went
    /// wrong rather than a generic sentence.
    public var errorDescription: String? {
        description
    }
}
