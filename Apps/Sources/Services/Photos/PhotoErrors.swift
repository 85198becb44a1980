// The error shapes of the two photo APIs.
//
// - 500px answered `{"status": 404, "error": "Not Found"}`-like bodies: ``PxError``
//   gives `{"error": <message>, "status": <code>}`, keys sorted, the status also the
//   HTTP status.
// - Flickr answered `{"stat": "fail", "code": <n>, "message": <text>}` with HTTP 200
//   whatever the error. ``FlickrError`` keeps the body; the HTTP status is a 4xx (or
//   503) by default, and 200 as Flickr's with `--fidelity original`.
import Foundation
import Hummingbird

/// An error in 500px's shape: `{"error":M,"status":N}`.
public struct PxError: HTTPResponseError, Sendable, Equatable {
    /// The HTTP status (also the body's `status`).
    public var status: HTTPResponse.Status
    /// The `error` text.
    public var message: String
    /// Extra response headers (`Retry-After` on a 503).
    public var headers: HTTPFields = [:]

    /// 401: no token, or one the service did not issue.
    public static let unauthorized = PxError(status: .unauthorized, message: "Unauthorized: sign the request with an access token (POST /v1/oauth/access_token)")
    /// 401 on `POST /v1/oauth/access_token`: the username or password is wrong.
    public static let badLogin = PxError(status: .unauthorized, message: "Invalid username or password")
    /// 401 on `POST /v1/oauth/request_token`: the request names no consumer key.
    public static let missingConsumerKey = PxError(
        status: .unauthorized, message: "Invalid OAuth Request: sign it with your consumer key (oauth_consumer_key)"
    )
    /// 401 on `POST /v1/oauth/access_token`: the request token is unknown, used or expired.
    public static let invalidRequestToken = PxError(
        status: .unauthorized, message: "Invalid OAuth Request: the request token is unknown, used or expired (POST /v1/oauth/request_token)"
    )
    /// 403 on a second vote.
    public static let alreadyVoted = PxError(status: .forbidden, message: "Sorry, you have already voted for this Photo")
    /// 404: no photo of this id.
    public static let photoNotFound = PxError(status: .notFound, message: "Photo not found")

    /// 400 with a message.
    public static func badRequest(_ message: String) -> PxError {
        PxError(status: .badRequest, message: message)
    }

    /// 503 with a `Retry-After` of 5 s: the corpus is not imported yet.
    public static func unavailable(_ detail: String) -> PxError {
        PxError(status: .serviceUnavailable, message: "Service unavailable: \(detail)", headers: [.retryAfter: "5"])
    }

    /// The JSON body.
    public var body: Data {
        photoJSON(["error": message, "status": Int(status.code)])
    }

    /// Renders the error (the error middleware calls this).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response.json(status: status, body)
        for field in headers {
            response.headers.append(field)
        }
        return response
    }
}

/// An error in Flickr's shape: `{"code":N,"message":M,"stat":"fail"}`.
public struct FlickrError: Error, Sendable, Equatable {
    /// Flickr's error code.
    public var code: Int
    /// Flickr's message.
    public var message: String
    /// The HTTP status the corrected answers use.
    public var status: HTTPResponse.Status

    /// 1: no photo of this id.
    public static let photoNotFound = FlickrError(code: 1, message: "Photo not found", status: .notFound)
    /// 3 (search): no search text.
    public static let parameterless = FlickrError(
        code: 3, message: "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.", status: .badRequest
    )
    /// 3 (favorites.add): a second favourite.
    public static let alreadyFavorite = FlickrError(code: 3, message: "Photo is already in favorites", status: .conflict)
    /// 8 (comments.addComment): no comment text.
    public static let blankComment = FlickrError(code: 8, message: "Blank comment", status: .badRequest)
    /// 98: a write without a valid `auth_token`.
    public static let invalidAuthToken = FlickrError(code: 98, message: "Invalid auth token", status: .unauthorized)
    /// 100: no `api_key`.
    public static let missingAPIKey = FlickrError(code: 100, message: "Invalid API Key (Key has invalid format)", status: .forbidden)
    /// 100: an `api_key` that is not the app's.
    public static let wrongAPIKey = FlickrError(code: 100, message: "Invalid API Key (Key not found)", status: .forbidden)
    /// 105: the corpus is not imported yet.
    public static let unavailable = FlickrError(code: 105, message: "Service currently unavailable", status: .serviceUnavailable)

    /// 18: an argument that makes no sense (a page that is not a number, an unknown sort).
    public static func illogical(_ detail: String) -> FlickrError {
        FlickrError(code: 18, message: "Illogical arguments: \(detail)", status: .badRequest)
    }

    /// 111: a `format` other than `json` or `rest`.
    public static func formatNotFound(_ format: String) -> FlickrError {
        FlickrError(code: 111, message: "Format \"\(format)\" not found", status: .badRequest)
    }

    /// 112: an unknown `method`.
    public static func methodNotFound(_ method: String) -> FlickrError {
        FlickrError(code: 112, message: "Method \"\(method)\" not found", status: .badRequest)
    }

    /// The body as a JSON object.
    var object: [String: Any] {
        ["stat": "fail", "code": code, "message": message]
    }
}

/// A JSON object's bytes, keys sorted, slashes not escaped (the services' style).
func photoJSON(_ object: Any) -> Data {
    // The objects are made of strings, numbers, booleans, arrays and dictionaries.
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
        ?? Data(#"{"error":"unencodable answer"}"#.utf8)
}
