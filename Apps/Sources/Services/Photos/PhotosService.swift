import Crypto
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The photo backends of FunctionalReactivePixels (seed 003, a 500px-shaped API:
/// 500px's v1 API is shut down) and ReactiveFlickrSearch (seed 004, a Flickr-shaped
/// REST API: Flickr's needs a key), over one corpus: photographs (the machine's
/// wallpapers, `--photos` folders, or the bundled images) and drawings (Debian's
/// clipart) (``PhotoCorpus``), its SQLite store and its cached thumbnails.
///
/// | Route | Answer |
/// |---|---|
/// | `GET /v1/photos?feature=&sort=&sort_direction=&rpp=&page=&exclude=&image_size[]=` | 200 `{"current_page","total_pages","total_items","feature","photos":[…]}`; 400 for an unknown feature, sort, direction or category, a page or rpp that is not a whole number |
/// | `GET /v1/photos/<id>?image_size[]=` | 200 `{"photo":{…,"comments_count","favorites_count","voted"}}`; 404 for an unknown id |
/// | `POST /v1/photos/<id>/vote` (`vote=1`, a token) | 200 `{"photo":{…}}` with the vote counted; 401 without a valid token; 403 "Sorry, you have already voted for this Photo"; 404; 400 without `vote=1` |
/// | `POST /v1/oauth/request_token` (OAuth-signed: `oauth_consumer_key`) | 200 `oauth_token=…&oauth_token_secret=…&oauth_callback_confirmed=true` (form-encoded), a request token for 10 minutes; 401 without a consumer key |
/// | `POST /v1/oauth/access_token` (xAuth: `x_auth_mode=client_auth`, `x_auth_username`, `x_auth_password`; optionally signed with a request token) | 200 `oauth_token=…&oauth_token_secret=…` (form-encoded); 401 for a wrong login, or a request token unknown, used or expired; 400 for missing fields |
/// | `GET /photos/<id>/3.jpg`, `/photos/<id>/4.jpg` | 200 JPEG: 280×280, and 900 px on the longer side; 404 JSON otherwise |
/// | `GET\|POST /services/rest/?method=…&api_key=…` | Flickr: `flickr.photos.search`, `flickr.photos.getInfo`, `flickr.photos.getFavorites`, `flickr.favorites.add`, `flickr.photos.comments.addComment` (see ``FlickrAPI``) |
/// | `GET /farm1/<server>/<id>_<secret>_<m\|t>.<jpg\|png>` | 200 JPEG or PNG: 240 or 100 px on the longer side (a drawing's drawn on first request); 404 JSON otherwise |
/// | `GET /photos/collections` | 200 `{"500px","flickr","missing_packages":[…],"install"}`: what each API serves, and the `apt-get install` command of the packages that would complete it (`null` when none is missing); answers while the import runs |
///
/// The 500px routes serve the photographs only; the Flickr methods serve the
/// photographs and the drawings (``PictureKind``), one id space for both.
///
/// The 500px API's errors are `{"error","status"}`; Flickr's are its own
/// (``FlickrError``). While the first import runs, the 500px routes answer 503 and
/// the Flickr methods error 105. An image route takes an id (and Flickr's server and
/// secret) and nothing else: the file it answers is a thumbnail the import made,
/// found by the photo's digest in the store; no part of a request ever becomes a path.
///
/// Votes, favourites and comments are rows that start empty; `rating` is the number
/// of votes (no weights, no decay), so it starts at 0.
public struct PhotosService: LocalService {
    /// The corpus, its store and its thumbnails.
    public let library: PhotoLibrary
    /// The Flickr app's API key (`flickr-app.json`).
    public let flickrCredentials: FlickrAppCredentials
    /// Whether `flickr-app.json` was written by this start.
    public let createdFlickrCredentials: Bool

    let configuration: ServicesConfiguration
    let accounts: any AccountVerifying

    /// The most photos a 500px page has.
    public static let maximumPerPage = 100
    /// A 500px page's photos when `rpp` is not given (500px's default).
    public static let defaultPerPage = 20

    /// Opens the photo store and scans the corpus under the configuration's data
    /// directory; an import, when due, runs once the services run.
    /// - Parameters:
    ///   - accounts: Checks the passwords of the xAuth login.
    ///   - rasterizer: Draws the drawings' thumbnails (default: `rsvg-convert`).
    public init(
        configuration: ServicesConfiguration, accounts: any AccountVerifying, logger: Logger,
        rasterizer: any SVGRasterizing = RsvgConvert()
    ) throws {
        self.configuration = configuration
        self.accounts = accounts
        self.library = try PhotoLibrary(
            corpus: configuration.photoCorpus, directory: configuration.dataDirectory, logger: logger, rasterizer: rasterizer
        )
        (flickrCredentials, createdFlickrCredentials) = try FlickrAppCredentials.loadOrCreate(in: configuration.dataDirectory)
    }

    /// The service's paths and path patterns, and their methods.
    public var routes: [String: Set<HTTPRequest.Method>] {
        [
            "/v1/photos": [.get],
            "/v1/photos/:id": [.get],
            "/v1/photos/:id/vote": [.post],
            "/v1/oauth/request_token": [.post],
            "/v1/oauth/access_token": [.post],
            "/photos/:id/:file": [.get],
            "/services/rest": [.get, .post],
            "/farm1/:server/:file": [.get],
            "/photos/collections": [.get],
        ]
    }

    /// The background import.
    public var backgroundServices: [any Service] {
        [PhotoImportService(library: library)]
    }

    /// Adds the routes to the router.
    public func mount(on router: Router<BasicRequestContext>) {
        router.get("/v1/photos") { request, _ in try await list(request) }
        router.get("/v1/photos/:id") { request, context in try await detail(request, id: context.parameters.get("id")) }
        router.post("/v1/photos/:id/vote") { request, context in try await vote(request, id: context.parameters.get("id")) }
        router.post("/v1/oauth/request_token") { request, _ in try await requestToken(request) }
        router.post("/v1/oauth/access_token") { request, _ in try await accessToken(request) }
        router.get("/photos/:id/:file") { request, context in
            try await pxImage(request, id: context.parameters.get("id"), file: context.parameters.get("file"))
        }
        // The router matches the path with and without its trailing slash.
        router.get("/services/rest/") { request, _ in try await flickr(request) }
        router.post("/services/rest/") { request, _ in try await flickr(request) }
        router.get("/photos/collections") { _, _ -> Response in .json(photoJSON(library.collections.object)) }
        router.get("/farm1/:server/:file") { request, context in
            try await flickrImage(request, server: context.parameters.get("server"), file: context.parameters.get("file"))
        }
    }

    // MARK: 500px

    /// 500px's categories, by name (lowercased); every photo here is 0, Uncategorized.
    static let categories: [String: Int] = [
        "uncategorized": 0, "celebrities": 1, "film": 2, "journalism": 3, "nude": 4, "black and white": 5,
        "still life": 6, "people": 7, "landscapes": 8, "city and architecture": 9, "abstract": 10, "animals": 11,
        "macro": 12, "travel": 13, "fashion": 14, "commercial": 15, "concert": 16, "sport": 17, "nature": 18,
        "performing arts": 19, "family": 20, "street": 21, "underwater": 22, "food": 23, "fine art": 24,
        "wedding": 25, "transportation": 26, "urban exploration": 27,
    ]

    private func list(_ request: Request) async throws -> Response {
        try pxReady()
        guard let query = QueryItems(request.uri.query) else { throw PxError.badRequest("the query string is not valid percent-encoding") }
        let viewer = try await pxViewer(request, query: query, fields: nil)
        let feature = query.first("feature") ?? "popular"
        var order = PhotoOrder.rating
        var window: (Int64, Int64)?
        let now = Int64(configuration.clock.now().timeIntervalSince1970)
        let today = now - now % 86_400
        switch feature {
        case "popular", "highest_rated": order = .rating
        case "fresh_today": (order, window) = (.createdAt, (today, today + 86_400))
        case "fresh_yesterday": (order, window) = (.createdAt, (today - 86_400, today))
        case "fresh_week": (order, window) = (.createdAt, (now - 7 * 86_400, now + 1))
        default:
            throw PxError.badRequest("Unknown feature \"\(feature)\": popular, highest_rated, fresh_today, fresh_yesterday or fresh_week")
        }
        if let sort = query.first("sort") {
            guard let chosen = PhotoOrder(rawValue: sort) else {
                throw PxError.badRequest("Unknown sort \"\(sort)\": rating, created_at or votes_count")
            }
            order = chosen
        }
        let ascending: Bool
        switch query.first("sort_direction") ?? "desc" {
        case "desc": ascending = false
        case "asc": ascending = true
        case let other: throw PxError.badRequest("Unknown sort_direction \"\(other)\": asc or desc")
        }
        let perPage = min(try Self.wholeNumber(query.first("rpp"), name: "rpp", default: Self.defaultPerPage, minimum: 1), Self.maximumPerPage)
        // The seed app asks for page 0: 500px read it as the first page.
        let page = max(try Self.wholeNumber(query.first("page"), name: "page", default: 1, minimum: 0), 1)
        var excluded = Set<Int>()
        for name in (query.first("exclude") ?? "").split(separator: ",") {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let category = Self.categories[key] else { throw PxError.badRequest("Unknown category \"\(name)\" in exclude") }
            excluded.insert(category)
        }
        let sizes = try Self.imageSizes(query, default: [3])

        let (total, photos): (Int, [StoredPhoto])
        if excluded.contains(0) {
            (total, photos) = (0, [])
        } else {
            let offset = (page - 1).multipliedReportingOverflow(by: perPage)
            (total, photos) = offset.overflow || offset.partialValue > Int(Int32.max)
                ? (try await library.store.count(kind: .photograph), [])
                : try await library.store.page(
                    order: order, ascending: ascending, from: window?.0, to: window?.1, limit: perPage,
                    offset: offset.partialValue, viewer: viewer
                )
        }
        let base = baseURL(request)
        let body: [String: Any] = [
            "current_page": page,
            "total_pages": (total + perPage - 1) / perPage,
            "total_items": total,
            "feature": feature,
            "photos": photos.map { pxPhoto($0, base: base, sizes: sizes, detail: false, viewer: viewer) },
        ]
        return .json(photoJSON(body))
    }

    private func detail(_ request: Request, id: String?) async throws -> Response {
        try pxReady()
        guard let query = QueryItems(request.uri.query) else { throw PxError.badRequest("the query string is not valid percent-encoding") }
        let viewer = try await pxViewer(request, query: query, fields: nil)
        let sizes = try Self.imageSizes(query, default: [3, 4])
        guard let id = Self.photoId(id), let photo = try await library.store.photo(id: id, kind: .photograph, viewer: viewer) else {
            throw PxError.photoNotFound
        }
        return .json(photoJSON(["photo": pxPhoto(photo, base: baseURL(request), sizes: sizes, detail: true, viewer: viewer)]))
    }

    private func vote(_ request: Request, id: String?) async throws -> Response {
        try pxReady()
        guard let query = QueryItems(request.uri.query) else { throw PxError.badRequest("the query string is not valid percent-encoding") }
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        guard let viewer = try await pxViewer(request, query: query, fields: fields) else { throw PxError.unauthorized }
        guard let id = Self.photoId(id), try await library.store.photo(id: id, kind: .photograph) != nil else { throw PxError.photoNotFound }
        switch try fields.string("vote") ?? query.first("vote") {
        case "1"?: break
        case "0"?: throw ServiceError.badRequest("vote=0 (a dislike) is not kept: send vote=1", field: "vote")
        case nil: throw ServiceError.badRequest("vote is required (vote=1)", field: "vote")
        case let other?: throw ServiceError.badRequest("vote must be 1, not \(other)", field: "vote")
        }
        switch try await library.store.vote(photoId: id, username: viewer, now: configuration.clock.now()) {
        case .written: break
        case .already: throw PxError.alreadyVoted
        case .noPhoto: throw PxError.photoNotFound
        }
        guard let photo = try await library.store.photo(id: id, kind: .photograph, viewer: viewer) else { throw PxError.photoNotFound }
        return .json(photoJSON(["photo": pxPhoto(photo, base: baseURL(request), sizes: [3, 4], detail: true, viewer: viewer)]))
    }

    /// How long a request token can be exchanged for an access token: 10 minutes.
    public static let requestTokenLifetime: Int64 = 600

    /// OAuth's first step: a request token for the consumer key the request is
    /// signed with (its `Authorization: OAuth …` header, or an `oauth_consumer_key`
    /// field). The signature is not checked (no consumer is registered here; on
    /// loopback the tokens are the credentials).
    private func requestToken(_ request: Request) async throws -> Response {
        guard let query = QueryItems(request.uri.query) else { throw PxError.badRequest("the query string is not valid percent-encoding") }
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        let consumerKey = try Self.oauthParameters(request)["oauth_consumer_key"]
            ?? fields.string("oauth_consumer_key") ?? query.first("oauth_consumer_key")
        guard let consumerKey, !consumerKey.isEmpty else { throw PxError.missingConsumerKey }
        let (token, secret) = try await library.store.issueRequestToken(consumerKey: consumerKey, now: configuration.clock.now())
        return Self.formResponse("oauth_token=\(token)&oauth_token_secret=\(secret)&oauth_callback_confirmed=true")
    }

    /// xAuth: an access token for a user's name and password, checked by the
    /// accounts. A request token from ``requestToken(_:)``, when the request carries
    /// one (`oauth_token` in its OAuth header or fields, as 500px's flow signs the
    /// exchange), must be unexpired and unused; it is used up by a successful login
    /// only, so a mistyped password can be tried again with it.
    private func accessToken(_ request: Request) async throws -> Response {
        guard let query = QueryItems(request.uri.query) else { throw PxError.badRequest("the query string is not valid percent-encoding") }
        let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
        let requestToken = try Self.oauthParameters(request)["oauth_token"] ?? fields.string("oauth_token") ?? query.first("oauth_token")
        let mode = try fields.requiredString("x_auth_mode")
        guard mode == "client_auth" else {
            throw ServiceError.badRequest("x_auth_mode must be client_auth", field: "x_auth_mode")
        }
        let username = try fields.requiredString("x_auth_username")
        guard !username.isEmpty else { throw ServiceError.badRequest("x_auth_username must not be empty", field: "x_auth_username") }
        let password = try fields.requiredString("x_auth_password")
        guard !password.isEmpty else { throw ServiceError.badRequest("x_auth_password must not be empty", field: "x_auth_password") }
        // A stale request token fails before the slow password check.
        if let requestToken, try await !library.store.isUsableRequestToken(
            requestToken, now: configuration.clock.now(), lifetime: Self.requestTokenLifetime
        ) {
            throw PxError.invalidRequestToken
        }
        let verified: Bool
        do {
            verified = try await accounts.verify(account: username, password: password)
        } catch {
            throw PxError(status: .serviceUnavailable, message: "The accounts cannot be checked now", headers: [.retryAfter: "5"])
        }
        guard verified else { throw PxError.badLogin }
        let now = configuration.clock.now()
        let issued: (token: String, secret: String)
        if let requestToken {
            // Exchanged in one transaction: two logins with one request token make one access token.
            guard let exchanged = try await library.store.exchangeRequestToken(
                requestToken, username: username, now: now, lifetime: Self.requestTokenLifetime
            ) else { throw PxError.invalidRequestToken }
            issued = exchanged
        } else {
            issued = try await library.store.issueToken(username: username, now: now)
        }
        return Self.formResponse("oauth_token=\(issued.token)&oauth_token_secret=\(issued.secret)")
    }

    /// A 200 with a form-encoded body, as OAuth's token endpoints answer.
    private static func formResponse(_ text: String) -> Response {
        let body = ByteBuffer(string: text)
        return Response(
            status: .ok,
            headers: [.contentType: "application/x-www-form-urlencoded", .contentLength: String(body.readableBytes)],
            body: ResponseBody(byteBuffer: body)
        )
    }

    private func pxImage(_ request: Request, id: String?, file: String?) async throws -> Response {
        guard let variant = file.flatMap({ ThumbnailVariant(rawValue: $0) }), variant == .px3 || variant == .px4,
            let id = Self.photoId(id)
        else {
            throw ServiceError(.notFound, "no image here: images are /photos/<id>/3.jpg and /photos/<id>/4.jpg", context: ["path": request.uri.path])
        }
        return try await imageResponse(id: id, variant: variant, request: request) { $0.kind == .photograph }
    }

    /// 503 while no import has completed.
    private func pxReady() throws {
        switch library.status {
        case .ready: return
        case .importing(let read, let total): throw PxError.unavailable("the photos are being imported (\(read) of \(total) files read)")
        case .failed(let reason): throw PxError.unavailable("the photos could not be imported: \(reason)")
        }
    }

    /// The user of the request's token: `nil` when it has none; 401 for a token the
    /// service did not issue.
    private func pxViewer(_ request: Request, query: QueryItems, fields: RequestFields?) async throws -> String? {
        guard let token = try Self.accessToken(request, query: query, fields: fields) else { return nil }
        guard let username = try await library.store.username(forToken: token) else { throw PxError.unauthorized }
        return username
    }

    /// The access token of a request: an OAuth 1 `Authorization` header's
    /// `oauth_token` (its signature is not checked: the token is the credential, on
    /// loopback), a `Bearer` header, or an `oauth_token` field or query parameter.
    static func accessToken(_ request: Request, query: QueryItems, fields: RequestFields?) throws -> String? {
        if let header = request.headers[.authorization]?.trimmingCharacters(in: .whitespaces), !header.isEmpty {
            let scheme = header.prefix { !$0.isWhitespace }.lowercased()
            let rest = header.drop { !$0.isWhitespace }.trimmingCharacters(in: .whitespaces)
            if scheme == "bearer", !rest.isEmpty { return rest }
            if let token = oauthParameters(request)["oauth_token"] { return token }
        }
        if let token = try fields?.string("oauth_token") ?? query.first("oauth_token"), !token.isEmpty {
            return token
        }
        return nil
    }

    /// The parameters of an OAuth 1 `Authorization` header (`OAuth k="v", …`),
    /// percent-decoded; empty when the request has no such header.
    static func oauthParameters(_ request: Request) -> [String: String] {
        guard let header = request.headers[.authorization]?.trimmingCharacters(in: .whitespaces),
            header.prefix(while: { !$0.isWhitespace }).lowercased() == "oauth"
        else { return [:] }
        var parameters: [String: String] = [:]
        for part in header.drop(while: { !$0.isWhitespace }).split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingCharacters(in: .whitespaces)
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if parameters[name] == nil, !value.isEmpty {
                parameters[name] = value.removingPercentEncoding ?? value
            }
        }
        return parameters
    }

    /// A photo in 500px's shape.
    private func pxPhoto(_ photo: StoredPhoto, base: String, sizes: [Int], detail: Bool, viewer: String?) -> [String: Any] {
        let images: [[String: Any]] = sizes.map { size in
            ["size": size, "url": "\(base)/photos/\(photo.id)/\(size).jpg", "format": "jpeg"]
        }
        var object: [String: Any] = [
            "id": photo.id,
            "name": photo.title,
            "description": photo.description,
            "rating": Double(photo.votes),
            "votes_count": photo.votes,
            "created_at": Self.pxDate(photo.takenAt),
            "width": photo.width,
            "height": photo.height,
            "category": 0,
            "user": ["id": Self.userId(photo.owner), "username": photo.owner, "fullname": photo.owner] as [String: Any],
            "images": images,
        ]
        if let first = images.first?["url"] { object["image_url"] = first }
        if detail {
            object["comments_count"] = photo.comments
            object["favorites_count"] = photo.favorites
            object["voted"] = photo.voted
        } else if viewer != nil {
            object["voted"] = photo.voted
        }
        return object
    }

    /// `2023-01-07T13:06:21+00:00`, 500px's form.
    static func pxDate(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxxxx"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// A stable number for an owner's name (the first 48 bits of its SHA-256).
    static func userId(_ owner: String) -> Int64 {
        Int64(SHA256.hash(data: Data(owner.utf8)).prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// `image_size` or `image_size[]` values (repeatable): 3 and 4 are served, other
    /// 500px sizes are left out; none given gives `fallback`.
    static func imageSizes(_ query: QueryItems, default fallback: [Int]) throws -> [Int] {
        let values = query.all("image_size") + query.all("image_size[]")
        guard !values.isEmpty else { return fallback }
        var sizes: [Int] = []
        for value in values {
            guard let size = Int(value) else { throw PxError.badRequest("image_size must be a whole number, not \"\(value)\"") }
            if [3, 4].contains(size), !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    static func wholeNumber(_ text: String?, name: String, default fallback: Int, minimum: Int) throws -> Int {
        guard let text else { return fallback }
        guard let value = Int(text), value >= minimum else {
            throw PxError.badRequest("\(name) must be a whole number of at least \(minimum), not \"\(text)\"")
        }
        return value
    }

    /// A photo id in a path: 1 to 18 decimal digits.
    static func photoId(_ text: String?) -> Int64? {
        guard let text, (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    // MARK: Images

    /// A thumbnail of a stored photo; 404 when there is no such photo, `accepts`
    /// refuses it, or its file is missing.
    func imageResponse(
        id: Int64, variant: ThumbnailVariant, request: Request, accepts: (StoredPhoto) -> Bool
    ) async throws -> Response {
        let notFound = ServiceError(.notFound, "no such image", context: ["path": request.uri.path])
        guard let photo = try await library.store.photo(id: id), accepts(photo) else { throw notFound }
        let found: [UInt8]? = switch photo.kind {
        case .photograph: library.thumbnails.read(digest: photo.digest, variant: variant)
        case .drawing where [.mediumJPEG, .mediumPNG, .thumbnailJPEG, .thumbnailPNG].contains(variant):
            try await library.drawings.thumbnail(
                path: photo.path, digest: photo.digest, variant: variant, width: photo.width, height: photo.height
            )
        case .drawing: nil
        }
        guard let bytes = found else { throw notFound }
        return Response(
            status: .ok,
            headers: [
                .contentType: variant.format.mediaType,
                .contentLength: String(bytes.count),
                .cacheControl: "public, max-age=86400",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    /// `http://` and the host the client asked (its `Host`), so image URLs work from
    /// wherever the client reached the service; the configured address otherwise.
    func baseURL(_ request: Request) -> String {
        if let authority = request.head.authority, !authority.isEmpty,
            authority.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789.-:[]".unicodeScalars.contains($0)) })
        {
            return "http://\(authority)"
        }
        return ServicesConfiguration.baseURL(host: configuration.host, port: configuration.port)
    }
}

/// A query string's parameters in order, `+` read as a space, percent-decoded.
struct QueryItems: Sendable {
    /// The parameters, in order.
    var items: [(name: String, value: String)]

    /// Parses a query string; `nil` for a malformed percent-encoding.
    init?(_ query: String?) {
        items = []
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else { return nil }
            items.append((name, value))
        }
    }

    /// The first value of a name.
    func first(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Every value of a name, in order.
    func all(_ name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
