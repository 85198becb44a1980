import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The Twitter search backend of ReactiveTwitterSearch (seed 000; Twitter's v1.1
/// API is gone; the app is described in `Apps/docs/TwitterSearch.md`), over an
/// SQLite FTS5 index of the machine's Debian changelogs.
///
/// | Route | Answer |
/// |---|---|
/// | `POST /oauth2/token` | 200 `{"access_token":…,"token_type":"bearer"}` for the app's key and secret (Basic) and `grant_type=client_credentials`; 403 code 99 for wrong credentials, code 170 without `grant_type` |
/// | `GET /1.1/search/tweets.json?q=&count=&lang=&tweet_mode=` | 200 `{"search_metadata":{…},"statuses":[…]}` with `Authorization: Bearer <token>`; 400 code 215 without `Authorization`, 401 code 89 for another token, 401 code 32 for another scheme; 400 code 25 without `q`; 503 code 130 while the index is first built, with `"progress":{"read":…,"total":…}` (changelogs) and `Retry-After` |
/// | `GET /avatars/<md5>.png` | 200, the user's identicon (PNG, 80×80); 404 JSON for any other name |
///
/// Search: every word of `q` must match (FTS5, porter stemming, diacritics ignored),
/// best bm25 first, then newest. `count` is 15 by default, at most 100 (Twitter's),
/// at least 1; a `count` that is not a number is ignored. `lang` other than `en` (any case)
/// gives no statuses (the changelogs are English). `tweet_mode=extended` gives
/// `full_text` uncut instead of `text` cut to 280 characters.
public struct TweetsService: LocalService {
    /// The index the searches read.
    public let index: TweetIndex
    /// The app's consumer key, secret and bearer token (`twitter-app.json`).
    public let credentials: TwitterAppCredentials
    /// Whether `twitter-app.json` was written by this start.
    public let createdCredentials: Bool

    private let configuration: ServicesConfiguration

    /// The longest `q` accepted, in characters (Twitter's limit).
    public static let maximumQueryLength = 500
    /// The number of statuses when `count` is not given (Twitter's default).
    public static let defaultCount = 15

    /// Opens the tweet index and the app credentials under the configuration's data
    /// directory; an import, when due, runs once the services run.
    public init(configuration: ServicesConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.index = try TweetIndex(corpus: configuration.tweetCorpus, directory: configuration.dataDirectory, logger: logger)
        (credentials, createdCredentials) = try TwitterAppCredentials.loadOrCreate(in: configuration.dataDirectory)
    }

    /// The service's paths and path patterns, and their methods.
    public var routes: [String: Set<HTTPRequest.Method>] {
        [
            "/1.1/search/tweets.json": [.get],
            "/oauth2/token": [.post],
            "/avatars/:file": [.get],
        ]
    }

    /// The background import.
    public var backgroundServices: [any Service] {
        [TweetImportService(index: index)]
    }

    /// Adds the routes to the router.
    public func mount(on router: Router<BasicRequestContext>) {
        router.get("/1.1/search/tweets.json") { request, _ in try await search(request) }
        router.post("/oauth2/token") { request, _ in try await token(request) }
        router.get("/avatars/:file") { request, context in try avatar(request, name: context.parameters.get("file")) }
    }

    // MARK: Routes

    private func search(_ request: Request) async throws -> Response {
        switch credentials.bearer(request.headers[.authorization]) {
        case .missing: throw TwitterError.badAuthenticationData
        case .otherScheme: throw TwitterError.couldNotAuthenticate
        case .invalid: throw TwitterError.invalidToken
        case .valid: break
        }
        guard let parameters = Self.queryParameters(request.uri.query) else { throw TwitterError.invalidParameter }
        let query = parameters["q"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !query.isEmpty else { throw TwitterError.queryMissing }
        guard query.count <= Self.maximumQueryLength else { throw TwitterError.invalidParameter }
        let count = parameters["count"].flatMap { Int($0) }.map { min(max($0, 1), TweetStore.maximumCount) } ?? Self.defaultCount
        let language = parameters["lang"]?.lowercased() ?? ""
        let extended = parameters["tweet_mode"] == "extended"

        switch index.status {
        case .ready: break
        case .importing(let read, let total):
            throw TwitterError.overCapacity(
                "the tweet index is being built (\(read) of \(changelogs(total)) read)",
                progress: TwitterError.Progress(read: read, total: total)
            )
        case .failed(let reason):
            throw TwitterError.overCapacity("the tweet index could not be built: \(reason)")
        }

        let clock = ContinuousClock()
        let started = clock.now
        let tweets = language.isEmpty || language == "en"
            ? try await index.search(query, limit: count, wholeText: extended)
            : []
        let elapsed = (clock.now - started).seconds
        let body = SearchAnswerJSON.encode(
            tweets, avatarBase: avatarBase(request), extended: extended,
            completedIn: (elapsed * 1_000_000).rounded() / 1_000_000, count: count, query: query
        )
        return .json(ByteBuffer(bytes: body))
    }

    private func token(_ request: Request) async throws -> Response {
        guard credentials.acceptsBasic(request.headers[.authorization]) else { throw TwitterError.wrongCredentials }
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        guard let grant = try fields.string("grant_type") else { throw TwitterError.grantTypeMissing }
        guard grant == "client_credentials" else { throw TwitterError.wrongCredentials }
        let answer = TwitterToken(accessToken: credentials.bearerToken, tokenType: "bearer")
        return .json(ByteBuffer(bytes: try Self.encoder.encode(answer)))
    }

    private func avatar(_ request: Request, name: String?) throws -> Response {
        guard let name, let hash = Identicon.hash(ofFileName: name) else {
            throw ServiceError(
                .notFound, "no avatar of this name: avatars are /avatars/<32 lowercase hex digits>.png",
                context: ["path": request.uri.path]
            )
        }
        let png = try Identicon.png(hash)
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/png",
                .contentLength: String(png.count),
                .cacheControl: "public, max-age=31536000, immutable",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: png))
        )
    }

    // MARK: Helpers

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `http://` and the host the client asked (its `Host`), so avatar URLs work
    /// from wherever the client reached the service; the configured address when
    /// the request has no usable host.
    private func avatarBase(_ request: Request) -> String {
        if let authority = request.head.authority, !authority.isEmpty,
            authority.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789.-:[]".unicodeScalars.contains($0)) })
        {
            return "http://\(authority)"
        }
        return ServicesConfiguration.baseURL(host: configuration.host, port: configuration.port)
    }

    /// The query string's parameters, `+` read as a space, percent-decoded (the first
    /// of a name given twice wins); `nil` for a malformed percent-encoding.
    static func queryParameters(_ query: String?) -> [String: String]? {
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
            if parameters[name] == nil {
                parameters[name] = value
            }
        }
        return parameters
    }

    private static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
