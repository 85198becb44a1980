import Foundation
import TwitterSearchCore

// Twitter's JSON as the client reads it, and the query string it sends. Only the fields the app shows are read; a missing one, or a `created_at`
// that is not Twitter's date, makes the whole answer invalid (the original
// force-cast each field and crashed).

/// `GET /1.1/search/tweets.json`'s answer.
struct SearchAnswerJSON: Decodable {
    struct Status: Decodable {
        struct User: Decodable {
            let screen_name: String
            let profile_image_url: String
        }

        let id: Int64
        let created_at: String
        let text: String
        let user: User
    }

    struct Metadata: Decodable {
        let completed_in: Double
    }

    let statuses: [Status]
    let search_metadata: Metadata

    /// The answer as the app's values; `nil` when a `created_at` is not a date.
    func response() -> TwitterResponse? {
        let dates = TwitterDate()
        var tweets: [Tweet] = []
        tweets.reserveCapacity(statuses.count)
        for status in statuses {
            guard let timestamp = dates.date(from: status.created_at) else { return nil }
            tweets.append(Tweet(
                id: status.id,
                profileImageURL: status.user.profile_image_url,
                username: status.user.screen_name,
                status: status.text,
                timestamp: timestamp
            ))
        }
        return TwitterResponse(responseTime: search_metadata.completed_in, tweets: tweets)
    }
}

/// `POST /oauth2/token`'s answer.
struct TokenJSON: Decodable {
    let access_token: String
    let token_type: String
}

/// Twitter's error document: `{"errors":[{"code":88,"message":"Rate limit exceeded"}]}`;
/// the local service's 503 adds how far its index is:
/// `{"errors":[{"code":130,"message":"Over capacity: …","progress":{"read":18,"total":658}}]}`.
struct TwitterErrorsJSON: Decodable {
    struct Entry: Decodable {
        struct Progress: Decodable {
            let read: Int
            let total: Int
        }

        let code: Int
        let message: String
        let progress: Progress?
    }

    let errors: [Entry]

    /// The entries' messages joined by `; `: `"Rate limit exceeded"`; `nil` when
    /// there are none.
    var messages: String? {
        errors.isEmpty ? nil : errors.map(\.message).joined(separator: "; ")
    }

    /// The first progress an entry gives.
    var progress: IndexProgress? {
        errors.lazy.compactMap(\.progress).first.map { IndexProgress(read: $0.read, total: $0.total) }
    }
}

/// Twitter's `created_at`: `Mon Jan 02 12:06:21 +0000 2023`, read with the
/// `en_US_POSIX` locale (English names whatever the user's locale).
/// A formatter is not safe to share across threads: make one per answer.
struct TwitterDate {
    private let formatter: DateFormatter

    init() {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE MMM d HH:mm:ss Z y"
    }

    func date(from text: String) -> Date? {
        formatter.date(from: text)
    }
}

/// Query strings and form bodies.
enum TwitterQuery {
    /// RFC 3986's unreserved characters: everything else is percent-encoded (a `+`
    /// too, which a form decoder would read as a space).
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` percent-encoded as UTF-8, only unreserved characters left as they are.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// `name=value&…`, each part percent-encoded.
    static func encode(_ items: KeyValuePairs<String, String>) -> String {
        items.map { "\(percentEncoded($0.key))=\(percentEncoded($0.value))" }.joined(separator: "&")
    }
}
