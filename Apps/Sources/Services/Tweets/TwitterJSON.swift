// The JSON shapes of Twitter's API v1.1 that the tweet service answers with: the
// search answer (`statuses` and `search_metadata`, written by hand for speed), the
// app-only token, and Twitter's error shape `{"errors":[{"code":…,"message":…}]}`,
// with the codes Twitter used for each case. Keys are sorted, so the bytes are the
// same on every platform.
import Foundation
import Hummingbird

/// An error answered in Twitter's shape: `{"errors":[{"code":C,"message":M}]}`
/// (with `label` where Twitter gave one, and `progress` while the index is first
/// built: `"progress":{"read":18,"total":658}`, the changelogs read and to read).
public struct TwitterError: HTTPResponseError, Sendable, Equatable {
    /// How far the index's first build is, for a client to show.
    public struct Progress: Sendable, Equatable, Encodable {
        /// The changelogs read so far.
        public var read: Int
        /// The changelogs to read.
        public var total: Int

        /// Progress of `read` changelogs out of `total`.
        public init(read: Int, total: Int) {
            self.read = read
            self.total = total
        }
    }

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
    /// The index's progress, on the 503 of its first build.
    public var progress: Progress?

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

    /// 503, code 130, with a `Retry-After` of 5 s: the index is not built yet
    /// (with its `progress` while it is being built).
    public static func overCapacity(_ detail: String, progress: Progress? = nil) -> TwitterError {
        TwitterError(
            status: .serviceUnavailable, code: 130, message: "Over capacity: \(detail)", headers: [.retryAfter: "5"],
            progress: progress
        )
    }

    /// The JSON body.
    public var body: Data {
        struct Body: Encodable {
            struct Item: Encodable {
                let code: Int
                let label: String?
                let message: String
                let progress: Progress?
            }
            let errors: [Item]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and integers always encode.
        return (try? encoder.encode(Body(errors: [.init(code: code, label: label, message: message, progress: progress)])))
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

/// The text of a status within Twitter's 280 characters.
enum StatusText {
    /// Twitter's limit on a tweet's length, in characters.
    static let maximumLength = 280

    /// The text as it is, or its first 279 characters (less the white space they end
    /// with) and `…`, with whether it was cut.
    static func cut(_ text: String) -> (text: String, truncated: Bool) {
        guard text.count > maximumLength else { return (text, false) }
        var kept = text.prefix(maximumLength - 1)
        while kept.last?.isWhitespace == true {
            kept = kept.dropLast()
        }
        return (kept + "…", true)
    }
}

/// The search answer's JSON, written by hand: keys sorted (as `JSONEncoder` with
/// `.sortedKeys` would write them), strings escaped as JSON requires, UTF-8 as it is.
/// `JSONEncoder` on Linux spent about 3 ms on 100 statuses, more than the query.
///
/// ```json
/// {"search_metadata":{"completed_in":0.0019,"count":100,"query":"q"},
///  "statuses":[{"created_at":"Mon Jan 02 12:06:21 +0000 2023","id":1,"id_str":"1","lang":"en",
///               "text":"…","truncated":false,
///               "user":{"id":2,"id_str":"2","name":"…","profile_image_url":"http://…/avatars/<md5>.png","screen_name":"…"}}]}
/// ```
///
/// The statuses' texts are as the store read them: cut to 280 characters for
/// `text`, or whole for `full_text` with `extended` (`tweet_mode=extended`).
struct SearchAnswerJSON {
    private var bytes: [UInt8] = []

    /// The answer's bytes.
    static func encode(
        _ tweets: [StoredTweet], avatarBase: String, extended: Bool, completedIn: Double, count: Int, query: String
    ) -> [UInt8] {
        var json = SearchAnswerJSON()
        json.bytes.reserveCapacity(512 + tweets.count * 400)
        json.raw(#"{"search_metadata":{"completed_in":"#)
        json.raw(String(describing: completedIn))
        json.raw(#","count":"#)
        json.raw(String(count))
        json.raw(#","query":"#)
        json.string(query)
        json.raw(#"},"statuses":["#)
        for (index, tweet) in tweets.enumerated() {
            if index > 0 { json.raw(",") }
            json.status(tweet, avatarBase: avatarBase, extended: extended)
        }
        json.raw("]}")
        return json.bytes
    }

    private mutating func status(_ tweet: StoredTweet, avatarBase: String, extended: Bool) {
        raw(#"{"created_at":"#)
        string(ChangelogDate.twitter(tweet.createdAt))
        if extended {
            raw(#","full_text":"#)
            string(tweet.text)
        }
        raw(#","id":"#)
        raw(String(tweet.id))
        raw(#","id_str":""#)
        raw(String(tweet.id))
        raw(#"","lang":"en""#)
        if !extended {
            raw(#","text":"#)
            string(tweet.text)
        }
        raw(tweet.truncated ? #","truncated":true"# : #","truncated":false"#)
        raw(#","user":{"id":"#)
        raw(String(tweet.userId))
        raw(#","id_str":""#)
        raw(String(tweet.userId))
        raw(#"","name":"#)
        string(tweet.name)
        raw(#","profile_image_url":"#)
        string("\(avatarBase)/avatars/\(tweet.avatar).png")
        raw(#","screen_name":"#)
        string(tweet.screenName)
        raw("}}")
    }

    private mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u00XX`, everything else (UTF-8 included) as it is.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
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
