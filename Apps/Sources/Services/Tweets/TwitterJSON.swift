// The JSON shapes of Twitter's API v1.1 that the tweet service answers with: the
// search answer (`statuses` and `search_metadata`), the app-only token, and
// Twitter's error shape `{"errors":[{"code":…,"message":…}]}`, with the codes
// Twitter used for each case. Keys are sorted, so the bytes are the same on every
// platform.
import Foundation
import Hummingbird

/// An error answered in Twitter's shape: `{"errors":[{"code":C,"message":M}]}`
/// (with `label` where Twitter gave one).
public struct TwitterError: HTTPResponseError, Sendable, Equatable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// Twitter's error code.
    public var code: Int
    /// Twitter's message.
    public var message: String
    /// Twitter's label, on the token endpoint's errors.
    public var label: String?
    /// Extra response headers (`Retry-After` on a 503).
    public var headers: HTTPFields = [:]

    /// 400, code 25: `q` is missing or empty.
    public static let queryMissing = TwitterError(status: .badRequest, code: 25, message: "Query parameters are missing.")
    /// 400, code 195: a parameter is invalid (here: `q` over 500 characters).
    public static let invalidParameter = TwitterError(status: .badRequest, code: 195, message: "Missing or invalid url parameter.")
    /// 400, code 215: the request has no `Authorization` header.
    public static let badAuthenticationData = TwitterError(status: .badRequest, code: 215, message: "Bad Authentication data.")
    /// 401, code 89: the bearer token is not the app's.
    public static let invalidToken = TwitterError(status: .unauthorized, code: 89, message: "Invalid or expired token.")
    /// 401, code 32: an `Authorization` header of another scheme than `Bearer`.
    public static let couldNotAuthenticate = TwitterError(status: .unauthorized, code: 32, message: "Could not authenticate you.")
    /// 403, code 99: the consumer key and secret are missing or wrong.
    public static let wrongCredentials = TwitterError(
        status: .forbidden, code: 99, message: "Unable to verify your credentials", label: "authenticity_token_error"
    )
    /// 403, code 170: no `grant_type`.
    public static let grantTypeMissing = TwitterError(
        status: .forbidden, code: 170, message: "Missing required parameter: grant_type", label: "forbidden-missing-parameter"
    )

    /// 503, code 130, with a `Retry-After` of 5 s: the index is not built yet.
    public static func overCapacity(_ detail: String) -> TwitterError {
        TwitterError(status: .serviceUnavailable, code: 130, message: "Over capacity: \(detail)", headers: [.retryAfter: "5"])
    }

    /// The JSON body.
    public var body: Data {
        struct Body: Encodable {
            struct Item: Encodable {
                let code: Int
                let label: String?
                let message: String
            }
            let errors: [Item]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and integers always encode.
        return (try? encoder.encode(Body(errors: [.init(code: code, label: label, message: message)])))
            ?? Data(#"{"errors":[{"code":131,"message":"Internal error"}]}"#.utf8)
    }

    /// Renders the error (Hummingbird and the error middleware call this).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response.json(status: status, body)
        for field in headers {
            response.headers.append(field)
        }
        return response
    }
}

/// One status of a search answer.
struct TwitterStatus: Encodable {
    /// Twitter's limit on a tweet's length, in characters.
    static let maximumLength = 280

    let createdAt: String
    let id: Int64
    let idString: String
    let lang: String
    let text: String?
    let fullText: String?
    let truncated: Bool
    let user: TwitterUser

    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", id, idString = "id_str", lang, text, fullText = "full_text", truncated, user
    }

    /// A stored tweet as a status; `extended` gives `full_text` uncut, otherwise
    /// `text` is cut to 280 characters (ending in `…`, `truncated: true`).
    init(_ tweet: StoredTweet, avatarBase: String, extended: Bool) {
        createdAt = ChangelogDate.twitter(tweet.createdAt)
        id = tweet.id
        idString = String(tweet.id)
        lang = "en"
        if extended {
            text = nil
            fullText = tweet.text
            truncated = false
        } else {
            let cut = Self.cut(tweet.text)
            text = cut.text
            fullText = nil
            truncated = cut.truncated
        }
        user = TwitterUser(
            id: tweet.userId,
            idString: String(tweet.userId),
            name: tweet.name,
            screenName: tweet.screenName,
            profileImageURL: "\(avatarBase)/avatars/\(tweet.avatar).png"
        )
    }

    /// The text within 280 characters: as it is, or its first 279 characters (less
    /// the white space they end with) and `…`.
    static func cut(_ text: String) -> (text: String, truncated: Bool) {
        guard text.count > maximumLength else { return (text, false) }
        var kept = text.prefix(maximumLength - 1)
        while kept.last?.isWhitespace == true {
            kept = kept.dropLast()
        }
        return (kept + "…", true)
    }
}

/// The user of a status.
struct TwitterUser: Encodable {
    let id: Int64
    let idString: String
    let name: String
    let screenName: String
    let profileImageURL: String

    enum CodingKeys: String, CodingKey {
        case id, idString = "id_str", name, screenName = "screen_name", profileImageURL = "profile_image_url"
    }
}

/// A search answer.
struct TwitterSearchAnswer: Encodable {
    struct Metadata: Encodable {
        let completedIn: Double
        let count: Int
        let query: String

        enum CodingKeys: String, CodingKey {
            case completedIn = "completed_in", count, query
        }
    }

    let statuses: [TwitterStatus]
    let searchMetadata: Metadata

    enum CodingKeys: String, CodingKey {
        case statuses, searchMetadata = "search_metadata"
    }
}

/// The app-only token answer.
struct TwitterToken: Encodable {
    let accessToken: String
    let tokenType: String

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type"
    }
}
