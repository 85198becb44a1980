// Twitter's application-only authentication (OAuth 2 client credentials), as the
// rebuilt app uses it in place of the iOS account store that signed the original's
// requests:
//
// 1. The app's consumer key and secret live in `twitter-app.json` in the data
//    directory, written with new random values (mode 0600) on the first start and
//    read on every later one; the client reads the same file.
// 2. `POST /oauth2/token` with `Authorization: Basic base64(key:secret)` (each part
//    percent-encoded first, as Twitter specified) and the form body
//    `grant_type=client_credentials` answers the app's bearer token. Like
//    Twitter's, the token is the same on every call until it is changed: it is kept
//    in the same file.
// 3. The search needs `Authorization: Bearer <token>`.
//
// Secrets are compared in time independent of where they differ.
import Foundation

/// The app's credentials and its bearer token (`twitter-app.json`).
public struct TwitterAppCredentials: Codable, Sendable, Equatable {
    /// The file's name under the data directory.
    public static let fileName = "twitter-app.json"

    /// The consumer key (API key).
    public var consumerKey: String
    /// The consumer secret (API secret key).
    public var consumerSecret: String
    /// The bearer token `POST /oauth2/token` gives.
    public var bearerToken: String

    enum CodingKeys: String, CodingKey {
        case consumerKey = "consumer_key", consumerSecret = "consumer_secret", bearerToken = "bearer_token"
    }

    /// Makes credentials.
    public init(consumerKey: String, consumerSecret: String, bearerToken: String) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.bearerToken = bearerToken
    }

    /// New random credentials in Twitter's shapes: a 25-character key, a
    /// 50-character secret, a token of 21 `A`s and 91 random characters.
    public static func generate() -> TwitterAppCredentials {
        TwitterAppCredentials(
            consumerKey: randomText(25),
            consumerSecret: randomText(50),
            bearerToken: String(repeating: "A", count: 21) + randomText(91)
        )
    }

    /// Reads `twitter-app.json` from a directory, writing new credentials there first
    /// when the file does not exist.
    /// - Returns: The credentials and whether they were just made.
    /// - Throws: When the file exists but is not valid credentials (say so, rather
    ///   than replace what a client may have copied), or cannot be written.
    public static func loadOrCreate(in directory: URL) throws -> (credentials: TwitterAppCredentials, created: Bool) {
        let url = directory.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                let credentials = try JSONDecoder().decode(TwitterAppCredentials.self, from: Data(contentsOf: url))
                guard !credentials.consumerKey.isEmpty, !credentials.consumerSecret.isEmpty, !credentials.bearerToken.isEmpty else {
                    throw CocoaError(.coderValueNotFound)
                }
                return (credentials, false)
            } catch {
                throw ServiceError(
                    .internalServerError,
                    "\(url.path) is not valid Twitter app credentials (consumer_key, consumer_secret, bearer_token); fix or delete it",
                    context: ["path": url.path]
                )
            }
        }
        let credentials = generate()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(credentials).write(to: url, options: [.atomic])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return (credentials, true)
    }

    /// Whether an `Authorization` header is `Basic` with this app's key and secret.
    public func acceptsBasic(_ header: String?) -> Bool {
        guard let header, let encoded = Self.credentials(of: header, scheme: "basic"),
            let decoded = Data(base64Encoded: String(encoded)).flatMap({ String(data: $0, encoding: .utf8) }),
            let colon = decoded.firstIndex(of: ":")
        else { return false }
        let key = Self.percentDecoded(decoded[..<colon])
        let secret = Self.percentDecoded(decoded[decoded.index(after: colon)...])
        // Both compared, whatever the first gives.
        let keyMatches = Self.equalInConstantTime(key, consumerKey)
        let secretMatches = Self.equalInConstantTime(secret, consumerSecret)
        return keyMatches && secretMatches
    }

    /// What an `Authorization` header is, for the search.
    public enum Bearer: Equatable, Sendable {
        /// No header.
        case missing
        /// `Bearer` with this app's token.
        case valid
        /// `Bearer` with another token.
        case invalid
        /// Another scheme.
        case otherScheme
    }

    /// Reads an `Authorization` header as a bearer token.
    public func bearer(_ header: String?) -> Bearer {
        guard let header, !header.isEmpty else { return .missing }
        guard let token = Self.credentials(of: header, scheme: "bearer") else { return .otherScheme }
        return Self.equalInConstantTime(String(token), bearerToken) ? .valid : .invalid
    }

    // MARK: Helpers

    /// The credentials after `scheme ` (any case), trimmed (empty after the bare
    /// scheme), or `nil` for another scheme.
    private static func credentials(of header: String, scheme: String) -> Substring? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        let end = trimmed.firstIndex(where: \.isWhitespace) ?? trimmed.endIndex
        guard trimmed[..<end].lowercased() == scheme else { return nil }
        return trimmed[end...].trimmingCharacters(in: .whitespaces)[...]
    }

    private static func percentDecoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }

    private static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }

    private static func randomText(_ count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
