import Foundation

// The app's consumer key and secret for Twitter's application-only auth. The local
// tweet service writes them to `twitter-app.json` in its data directory on its
// first start (`{"bearer_token":…, "consumer_key":…, "consumer_secret":…}`, mode
// 0600); the app reads the key and the secret from the same file and asks
// `POST /oauth2/token` for the bearer token, as a Twitter app did with the keys
// from its developer page. No file (or one without the two
// fields) is the original's "no Twitter account on the device":
// `TwitterSearchError.noTwitterAccounts`.

/// The consumer key and secret the app authenticates with.
public struct TwitterAppKey: Sendable, Hashable, Decodable {
    /// The credentials file's name in the services' data directory.
    public static let fileName = "twitter-app.json"

    /// The consumer key (API key).
    public var consumerKey: String
    /// The consumer secret (API secret key).
    public var consumerSecret: String

    enum CodingKeys: String, CodingKey {
        case consumerKey = "consumer_key", consumerSecret = "consumer_secret"
    }

    /// A key made of its two parts.
    public init(consumerKey: String, consumerSecret: String) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
    }

    /// The key in `twitter-app.json` under `directory` (the services' data
    /// directory); `nil` when the file is missing, unreadable, or lacks a non-empty
    /// key or secret.
    public static func read(fromDirectory directory: URL) -> TwitterAppKey? {
        read(fromFile: directory.appendingPathComponent(fileName))
    }

    /// The key in a credentials file; `nil` when the file is missing, unreadable,
    /// or lacks a non-empty key or secret.
    public static func read(fromFile file: URL) -> TwitterAppKey? {
        guard let data = try? Data(contentsOf: file),
            let key = try? JSONDecoder().decode(TwitterAppKey.self, from: data),
            !key.consumerKey.isEmpty, !key.consumerSecret.isEmpty
        else { return nil }
        return key
    }

    /// `Basic base64(key:secret)`, each part percent-encoded first (Twitter's rule
    /// for the token request).
    var basicAuthorization: String {
        let credentials = "\(TwitterQuery.percentEncoded(consumerKey)):\(TwitterQuery.percentEncoded(consumerSecret))"
        return "Basic " + Data(credentials.utf8).base64EncodedString()
    }
}
