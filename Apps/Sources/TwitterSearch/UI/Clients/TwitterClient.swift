import Foundation
import ImageFormats
import Ripple
import RippleFoundation
import Synchronization
import TwitterSearchCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// TwitterClient: the app's services over HTTP, against the local tweet service (or
// anything that answers Twitter's v1.1 search API with application-only auth):
//
//     requestAccess()   POST /oauth2/token  (Basic key:secret, grant_type=client_credentials)
//                       → the bearer token, kept for the searches
//     search(text)      GET /1.1/search/tweets.json?q=text&count=100&lang=en  (Bearer token)
//                       → TwitterResponse
//     avatar(at: url)   GET url → PNG → AvatarImage (kept, for the rows that show it again)
//
// Each is a cold producer over `URLSession.reactive.data(with:)`: one request per
// start, cancelled on the wire when the run is disposed (`flatMap(.latest)` switching
// to a newer search, a reused row). Errors map to `TwitterSearchError`:
//
// | what happened                                   | TwitterSearchError          |
// |-------------------------------------------------|-----------------------------|
// | no credentials                                  | noTwitterAccounts           |
// | 403 from the token request, 401/403 on a search | accessDenied (the token is forgotten) |
// | 503 (the index is being built, with its `progress`; over capacity) | notReady(progress:) |
// | no response: nothing listens, the connection was refused or lost | unreachable |
// | no response within `timeout`                    | timedOut                    |
// | another failing status                          | refused(status:message:), with Twitter's messages |
// | a body that does not decode, a bad `created_at`, an avatar that is not a PNG it reads | invalidResponse(reason) |
//
// A search asks for the token first when it has none (access was never granted, or
// was refused and may be granted now), so the app recovers once the service answers.

/// The tweet service's HTTP client: access, search and avatars.
///
/// ```swift
/// let client = TwitterClient(baseURL: services.url,
///                            credentials: TwitterAppKey.read(fromDirectory: dataDirectory))
/// client.search("segfault").startWithResult { print($0) }
/// ```
public final class TwitterClient: TwitterSearchService, AvatarService, Sendable {
    /// The number of tweets a search asks for (the original's `count=100`).
    public static let searchCount = 100
    /// How many decoded avatars are kept (the oldest goes first).
    public static let avatarCacheLimit = 256

    /// The service's base URL, for example `http://127.0.0.1:41234`.
    public let baseURL: URL
    /// The app's consumer key and secret; `nil` when it has none.
    public let credentials: TwitterAppKey?
    /// How long a request may wait for its answer before it fails with
    /// ``TwitterSearchError/timedOut``.
    public let timeout: Double

    /// The session the requests go through.
    let session: URLSession
    private let state = Mutex(State())

    private struct State {
        var token: String?
        var avatars: [String: AvatarImage] = [:]
        var avatarOrder: [String] = []
    }

    /// A client of the service at `baseURL`, authenticating with `credentials`,
    /// each request waiting at most `timeout` seconds for its answer (10 by
    /// default: the local service answers in milliseconds, and a search that hangs
    /// should say so while the user still waits). It sends through `session`, or,
    /// by default, a session of its own whose request timeout is `timeout`
    /// (FoundationNetworking on Linux goes by the session's timeout, not the
    /// request's).
    public init(baseURL: URL, credentials: TwitterAppKey?, session: URLSession? = nil, timeout: Double = 10) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.timeout = timeout
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            return URLSession(configuration: configuration)
        }()
    }

    // MARK: TwitterSearchService

    /// Asks for the bearer token (every start asks again); completes once granted.
    public func requestAccess() -> SignalProducer<Never, TwitterSearchError> {
        fetchToken().then(SignalProducer<Never, TwitterSearchError>.empty)
    }

    /// Searches with the bearer token, asking for one first when there is none.
    public func search(_ text: String) -> SignalProducer<TwitterResponse, TwitterSearchError> {
        Self.deferred { [self] in
            let known = state.withLock { $0.token }
            return known.map { SignalProducer<String, TwitterSearchError>(value: $0) } ?? fetchToken()
        }
        .flatMap(.latest) { [self] token in searchRequest(text, token: token) }
    }

    // MARK: AvatarService

    /// The picture at `url`, from memory when it was read before.
    public func avatar(at url: String) -> SignalProducer<AvatarImage, TwitterSearchError> {
        Self.deferred { [self] in
            if let image = state.withLock({ $0.avatars[url] }) {
                return SignalProducer(value: image)
            }
            return fetchAvatar(at: url)
        }
    }

    private func fetchAvatar(at url: String) -> SignalProducer<AvatarImage, TwitterSearchError> {
        guard let address = URL(string: url), address.scheme == "http" || address.scheme == "https" else {
            return SignalProducer(error: .invalidResponse(reason: "the avatar URL \(url) is not an HTTP URL"))
        }
        return session.reactive.data(with: URLRequest(url: address, timeoutInterval: timeout))
            .validated()
            .mapError { Self.appError(from: $0) }
            .attemptMap { [self] data, _ -> Result<AvatarImage, TwitterSearchError> in
                do {
                    let image = try Self.avatarImage(decoding: [UInt8](data))
                    keep(image, for: url)
                    return .success(image)
                } catch {
                    return .failure(.invalidResponse(reason: "the avatar at \(url) is not a PNG this app reads: \(error)"))
                }
            }
    }

    /// The RGBA pixels of an avatar's PNG (or JPEG), decoded by libpng or libjpeg.
    static func avatarImage(decoding bytes: [UInt8]) throws -> AvatarImage {
        let decoded = try ImageCodec.decodeRGBA(bytes)
        guard let image = AvatarImage(width: decoded.width, height: decoded.height, rgba: decoded.pixels) else {
            throw ImageCodec.Failure(description: "the pixels do not fill the image")
        }
        return image
    }

    /// Whether the client holds a bearer token (access was granted and not revoked since).
    public var hasToken: Bool {
        state.withLock { $0.token != nil }
    }

    // MARK: Requests

    private func fetchToken() -> SignalProducer<String, TwitterSearchError> {
        guard let credentials else { return SignalProducer(error: .noTwitterAccounts) }
        var request = URLRequest(url: baseURL.appendingPathComponent("oauth2/token"), timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue(credentials.basicAuthorization, forHTTPHeaderField: "Authorization")
        request.setValue("application/x-www-form-urlencoded;charset=UTF-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(TwitterQuery.encode(["grant_type": "client_credentials"]).utf8)
        return session.reactive.data(with: request)
            .decoded(as: TokenJSON.self)
            .mapError { error in
                error.statusCode == 403 ? .accessDenied : Self.appError(from: error)
            }
            .attemptMap { [self] answer -> Result<String, TwitterSearchError> in
                guard answer.token_type.lowercased() == "bearer", !answer.access_token.isEmpty else {
                    return .failure(.invalidResponse(reason: "the token answer is not a bearer token"))
                }
                state.withLock { $0.token = answer.access_token }
                return .success(answer.access_token)
            }
    }

    private func searchRequest(_ text: String, token: String) -> SignalProducer<TwitterResponse, TwitterSearchError> {
        var components = URLComponents(url: baseURL.appendingPathComponent("1.1/search/tweets.json"), resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = TwitterQuery.encode(["q": text, "count": String(Self.searchCount), "lang": "en"])
        guard let url = components?.url else {
            return SignalProducer(error: .invalidResponse(reason: "no search URL for \(baseURL)"))
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return session.reactive.data(with: request)
            .decoded(as: SearchAnswerJSON.self)
            .mapError { [self] error -> TwitterSearchError in
                guard error.statusCode == 401 || error.statusCode == 403 else { return Self.appError(from: error) }
                // The token is no longer taken: ask for a new one next time.
                state.withLock { if $0.token == token { $0.token = nil } }
                return .accessDenied
            }
            .attemptMap { answer in
                answer.response().map(Result.success)
                    ?? .failure(.invalidResponse(reason: "a created_at is not a Twitter date"))
            }
    }

    /// A producer whose every start runs the producer `make` returns then: a
    /// decision (a token known or not, an avatar kept or not) made at start, not
    /// when the producer was created.
    private static func deferred<Value>(
        _ make: @escaping @Sendable () -> SignalProducer<Value, TwitterSearchError>
    ) -> SignalProducer<Value, TwitterSearchError> {
        SignalProducer { observer, lifetime in
            lifetime += make().start(observer)
        }
    }

    private func keep(_ image: AvatarImage, for url: String) {
        state.withLock { state in
            guard state.avatars.updateValue(image, forKey: url) == nil else { return }
            state.avatarOrder.append(url)
            if state.avatarOrder.count > Self.avatarCacheLimit {
                state.avatars[state.avatarOrder.removeFirst()] = nil
            }
        }
    }

    /// A request error as the app's: 503 is `notReady` (with the index's progress
    /// when the service sends it), no response `unreachable` or `timedOut`, another
    /// status `refused` (with Twitter's messages when the body has them), a body
    /// that does not decode `invalidResponse`.
    static func appError(from error: RequestError) -> TwitterSearchError {
        switch error {
        case let .transport(failure):
            return failure.code == .timedOut ? .timedOut : .unreachable
        case let .status(code, _):
            let document = error.decodedBody(as: TwitterErrorsJSON.self)
            if code == 503 {
                return .notReady(progress: document?.progress)
            }
            return .refused(status: code, message: document?.messages)
        case .decoding:
            return .invalidResponse(reason: error.description)
        }
    }
}
