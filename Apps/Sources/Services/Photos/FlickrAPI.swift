// The Flickr-shaped REST API of the seed's Flickr search at `/services/rest/`, GET
// or POST (parameters in the query, or a form body), over the photo corpus.
//
// | Method | Parameters | Answer |
// |---|---|---|
// | `flickr.photos.search` | `text` (required), `sort` (`interestingness-desc` default, `relevance`, `date-posted-desc`/`-asc`, `date-taken-desc`/`-asc`), `per_page` (100, at most 500), `page` (1), `extras` (`url_m`, `url_t`, `owner_name`, `date_upload`, `date_taken`, `description`) | `{"photos":{"page","pages","perpage","total":"N","photo":[{"id","owner","secret","server","farm","title","ispublic","isfriend","isfamily",…}]},"stat":"ok"}` |
// | `flickr.photos.getInfo` | `photo_id` | `{"photo":{"id","secret","server","farm","dateuploaded","originalformat","owner":{…},"title":{"_content"},"description":{"_content"},"dates":{…},"comments":{"_content":"N"},…},"stat":"ok"}` |
// | `flickr.photos.getFavorites` | `photo_id`, `per_page` (10, at most 50), `page` | `{"photo":{"person":[{"nsid","username","realname","favedate"}],"id","secret","server","farm","page","pages","perpage","total":"N"},"stat":"ok"}` |
// | `flickr.favorites.add` | `photo_id`, `auth_token` | `{"stat":"ok"}`; error 3 the second time |
// | `flickr.photos.comments.addComment` | `photo_id`, `comment_text`, `auth_token` | `{"comment":{"id","author","authorname","datecreate","_content"},"stat":"ok"}`; error 8 for a blank comment |
//
// Every method needs `api_key`: the key in `flickr-app.json` in the data directory
// (written on the first start, as the Twitter app's credentials are), error 100
// otherwise. The writes need `auth_token`: an access token of the 500px xAuth login
// (`POST /v1/oauth/access_token`), the same users; error 98 otherwise. The ranking
// of a search is bm25 (title 4, description 2, owner 2, path words 1), then
// favourites plus comments, then id.
//
// Formats: JSON by default (the rebuilt apps' clients read JSON), and with
// `format=json&nojsoncallback=1`; `format=json` alone answers Flickr's JSONP,
// `jsonFlickrApi({...})` (or the `jsoncallback` named); `format=rest` answers Flickr's
// REST XML (``FlickrXML``: what Flickr answered when no format was named, and what the
// seed's ObjectiveFlickr read), errors included. Another format is error 111, in JSON.
//
// Errors are `{"code":N,"message":M,"stat":"fail"}`, with a 4xx HTTP status (404 for
// code 1, 401 for 98, 403 for 100, 503 for 105, 409 for an existing favourite, 400
// otherwise), or 200 as Flickr sent them all with `--fidelity original`.
//
// Photo files are `http://HOST/farm1/{server}/{id}_{secret}_{m|t}.{jpg|png}`: the
// path the client builds from `farm`, `server`, `id` and `secret`, as it built
// `farm{farm}.static.flickr.com/{server}/{id}_{secret}_m.jpg`.
import Crypto
import Foundation
import Hummingbird

/// The Flickr app's API key and secret (`flickr-app.json`).
public struct FlickrAppCredentials: Codable, Sendable, Equatable {
    /// The file's name under the data directory.
    public static let fileName = "flickr-app.json"

    /// The API key every call names.
    public var apiKey: String
    /// The secret (Flickr signed calls with it; kept for clients that sign).
    public var apiSecret: String

    enum CodingKeys: String, CodingKey {
        case apiKey = "api_key", apiSecret = "api_secret"
    }

    /// Makes credentials.
    public init(apiKey: String, apiSecret: String) {
        self.apiKey = apiKey
        self.apiSecret = apiSecret
    }

    /// Reads `flickr-app.json`, writing a new key (32 hex digits, as Flickr's) and
    /// secret (16) there first when it does not exist (mode 0600).
    /// - Throws: When the file exists but is not valid credentials, or cannot be written.
    public static func loadOrCreate(in directory: URL) throws -> (credentials: FlickrAppCredentials, created: Bool) {
        let url = directory.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: url.path) {
            guard let credentials = try? JSONDecoder().decode(FlickrAppCredentials.self, from: Data(contentsOf: url)),
                !credentials.apiKey.isEmpty, !credentials.apiSecret.isEmpty
            else {
                throw ServiceError(
                    .internalServerError, "\(url.path) is not valid Flickr app credentials (api_key, api_secret); fix or delete it",
                    context: ["path": url.path]
                )
            }
            return (credentials, false)
        }
        let credentials = FlickrAppCredentials(apiKey: randomHex(16), apiSecret: randomHex(8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(credentials).write(to: url, options: [.atomic])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return (credentials, true)
    }
}

/// The form of a Flickr answer.
enum FlickrFormat: Equatable {
    /// JSON (`format=json`, and the default here), wrapped in a JSONP callback
    /// unless `nojsoncallback=1` or no `format` was named.
    case json(callback: String?)
    /// Flickr's REST XML (`format=rest`), see ``FlickrXML``.
    case xml
}

/// The Flickr API's constants.
public enum FlickrAPI {
    /// The methods served.
    public static let methods = [
        "flickr.photos.search", "flickr.photos.getInfo", "flickr.photos.getFavorites", "flickr.favorites.add",
        "flickr.photos.comments.addComment",
    ]
    /// A search page's photos when `per_page` is not given.
    public static let defaultPerPage = 100
    /// The most photos a search page has (Flickr's limit).
    public static let maximumPerPage = 500
    /// The longest search text.
    public static let maximumTextLength = 500

    /// A stable Flickr user id (`NNNNNNNN@N01`) for a name.
    public static func nsid(_ name: String) -> String {
        let number = SHA256.hash(data: Data(name.utf8)).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } % 100_000_000
        return "\(number)@N01"
    }
}

extension PhotosService {
    /// One call of the REST endpoint.
    func flickr(_ request: Request) async throws -> Response {
        guard var parameters = QueryItems(request.uri.query) else {
            throw ServiceError.badRequest("the query string is not valid percent-encoding")
        }
        if request.method == .post {
            let fields = try await RequestFields.read(from: request, limit: configuration.maxBodySize)
            for (name, value) in fields.values.sorted(by: { $0.key < $1.key }) {
                guard case .string(let text) = value else { throw ServiceError.badRequest("\(name) must be a string", field: name) }
                // A body's value comes before the query's.
                parameters.items.insert((name, text), at: 0)
            }
        }
        let format: FlickrFormat =
            switch parameters.first("format") {
            case "rest": .xml
            case "json" where parameters.first("nojsoncallback") != "1":
                .json(callback: parameters.first("jsoncallback").flatMap {
                    $0.wholeMatch(of: /[A-Za-z_$][A-Za-z0-9_$.]{0,63}/) != nil ? $0 : nil
                } ?? "jsonFlickrApi")
            default: .json(callback: nil)
            }
        do {
            if let name = parameters.first("format"), name != "json", name != "rest" { throw FlickrError.formatNotFound(name) }
            guard let key = parameters.first("api_key"), !key.isEmpty else { throw FlickrError.missingAPIKey }
            guard key == flickrCredentials.apiKey else { throw FlickrError.wrongAPIKey }
            let method = parameters.first("method") ?? ""
            guard FlickrAPI.methods.contains(method) else { throw FlickrError.methodNotFound(method) }
            guard case .ready = library.status else { throw FlickrError.unavailable }
            let base = baseURL(request)
            let answer: [String: Any] = switch method {
            case "flickr.photos.search": try await flickrSearch(parameters, base: base)
            case "flickr.photos.getInfo": try await flickrInfo(parameters, base: base)
            case "flickr.photos.getFavorites": try await flickrFavorites(parameters)
            case "flickr.favorites.add": try await flickrAddFavorite(parameters)
            default: try await flickrAddComment(parameters)
            }
            return flickrResponse(.ok, answer, format: format)
        } catch let error as FlickrError {
            var response = flickrResponse(configuration.fidelity == .original ? .ok : error.status, error: error, format: format)
            if error.code == 105 {
                response.headers[.retryAfter] = "5"
            }
            return response
        }
    }

    private func flickrResponse(
        _ status: HTTPResponse.Status, _ object: [String: Any] = [:], error: FlickrError? = nil, format: FlickrFormat
    ) -> Response {
        let callback: String?
        switch format {
        case .xml:
            let document = error.map { FlickrXML.failure(code: $0.code, message: $0.message) } ?? FlickrXML.document(object)
            let body = ByteBuffer(string: document)
            return Response(
                status: status,
                headers: [.contentType: "text/xml; charset=utf-8", .contentLength: String(body.readableBytes)],
                body: ResponseBody(byteBuffer: body)
            )
        case .json(let name):
            callback = name
        }
        var object = error?.object ?? object
        if object["stat"] == nil { object["stat"] = "ok" }
        let json = photoJSON(object)
        guard let callback else { return .json(status: status, json) }
        let body = ByteBuffer(bytes: Data("\(callback)(".utf8) + json + Data(")".utf8))
        return Response(
            status: status,
            headers: [.contentType: "text/javascript; charset=utf-8", .contentLength: String(body.readableBytes)],
            body: ResponseBody(byteBuffer: body)
        )
    }

    // MARK: Methods

    private func flickrSearch(_ parameters: QueryItems, base: String) async throws -> [String: Any] {
        let text = parameters.first("text")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !text.isEmpty else { throw FlickrError.parameterless }
        guard text.count <= FlickrAPI.maximumTextLength else { throw FlickrError.illogical("text is longer than \(FlickrAPI.maximumTextLength) characters") }
        let sortName = parameters.first("sort") ?? FlickrSort.interestingnessDesc.rawValue
        guard let sort = FlickrSort(rawValue: sortName) else { throw FlickrError.illogical("unknown sort \"\(sortName)\"") }
        let perPage = min(try Self.flickrNumber(parameters.first("per_page"), name: "per_page", default: FlickrAPI.defaultPerPage), FlickrAPI.maximumPerPage)
        let page = try Self.flickrNumber(parameters.first("page"), name: "page", default: 1)
        let extras = Set((parameters.first("extras") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let offset = (page - 1).multipliedReportingOverflow(by: perPage)
        let (total, photos) = offset.overflow || offset.partialValue > Int(Int32.max)
            ? (try await library.store.search(match: TweetQuery.match(text), sort: sort, limit: 0, offset: 0).total, [])
            : try await library.store.search(match: TweetQuery.match(text), sort: sort, limit: perPage, offset: offset.partialValue)
        let items: [[String: Any]] = photos.map { photo in
            var item: [String: Any] = [
                "id": String(photo.id), "owner": FlickrAPI.nsid(photo.owner), "secret": photo.secret, "server": photo.server,
                "farm": 1, "title": photo.title, "ispublic": 1, "isfriend": 0, "isfamily": 0,
            ]
            for (size, variant) in [("m", ThumbnailVariant.mediumJPEG), ("t", .thumbnailJPEG)] where extras.contains("url_\(size)") {
                let (width, height) = variant.size(width: photo.width, height: photo.height)
                item["url_\(size)"] = Self.flickrImageURL(photo, base: base, size: size)
                item["width_\(size)"] = width
                item["height_\(size)"] = height
            }
            if extras.contains("owner_name") { item["ownername"] = photo.owner }
            if extras.contains("date_upload") { item["dateupload"] = String(photo.importedAt) }
            if extras.contains("date_taken") { item["datetaken"] = Self.flickrDate(photo.takenAt) }
            if extras.contains("description") { item["description"] = ["_content": photo.description] }
            return item
        }
        return [
            "photos": [
                "page": page, "pages": (total + perPage - 1) / perPage, "perpage": perPage, "total": String(total), "photo": items,
            ] as [String: Any],
        ]
    }

    private func flickrInfo(_ parameters: QueryItems, base: String) async throws -> [String: Any] {
        let photo = try await flickrPhoto(parameters)
        return [
            "photo": [
                "id": String(photo.id), "secret": photo.secret, "server": photo.server, "farm": 1,
                "dateuploaded": String(photo.importedAt), "isfavorite": 0, "license": "0", "rotation": 0,
                "originalformat": photo.kind == .drawing ? "svg" : photo.format == .png ? "png" : "jpg", "media": "photo",
                "owner": ["nsid": FlickrAPI.nsid(photo.owner), "username": photo.owner, "realname": "", "location": ""],
                "title": ["_content": photo.title],
                "description": ["_content": photo.description],
                "visibility": ["ispublic": 1, "isfriend": 0, "isfamily": 0],
                "dates": [
                    "posted": String(photo.importedAt), "taken": Self.flickrDate(photo.takenAt), "takengranularity": 0,
                    "lastupdate": String(photo.importedAt),
                ] as [String: Any],
                "comments": ["_content": String(photo.comments)],
                "tags": ["tag": photo.keywords.split(separator: " ").map { word in
                    ["id": "\(photo.id)-\(word)", "author": FlickrAPI.nsid(photo.owner), "raw": String(word), "_content": String(word), "machine_tag": 0] as [String: Any]
                }],
                "urls": ["url": [["type": "photopage", "_content": Self.flickrImageURL(photo, base: base, size: "m")]]],
            ] as [String: Any],
        ]
    }

    private func flickrFavorites(_ parameters: QueryItems) async throws -> [String: Any] {
        let photo = try await flickrPhoto(parameters)
        let perPage = min(try Self.flickrNumber(parameters.first("per_page"), name: "per_page", default: 10), 50)
        let page = try Self.flickrNumber(parameters.first("page"), name: "page", default: 1)
        let offset = (page - 1).multipliedReportingOverflow(by: perPage)
        let (total, people) = offset.overflow || offset.partialValue > Int(Int32.max)
            ? (photo.favorites, [])
            : try await library.store.favorites(photoId: photo.id, limit: perPage, offset: offset.partialValue)
        return [
            "photo": [
                "person": people.map { ["nsid": FlickrAPI.nsid($0.username), "username": $0.username, "realname": "", "favedate": String($0.date)] },
                "id": String(photo.id), "secret": photo.secret, "server": photo.server, "farm": 1,
                "page": page, "pages": (total + perPage - 1) / perPage, "perpage": perPage, "total": String(total),
            ] as [String: Any],
        ]
    }

    private func flickrAddFavorite(_ parameters: QueryItems) async throws -> [String: Any] {
        let user = try await flickrUser(parameters)
        let photo = try await flickrPhoto(parameters)
        switch try await library.store.favorite(photoId: photo.id, username: user, now: configuration.clock.now()) {
        case .written: return [:]
        case .already: throw FlickrError.alreadyFavorite
        case .noPhoto: throw FlickrError.photoNotFound
        }
    }

    private func flickrAddComment(_ parameters: QueryItems) async throws -> [String: Any] {
        let user = try await flickrUser(parameters)
        let photo = try await flickrPhoto(parameters)
        let text = parameters.first("comment_text")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !text.isEmpty else { throw FlickrError.blankComment }
        let now = configuration.clock.now()
        guard let id = try await library.store.comment(photoId: photo.id, username: user, text: text, now: now) else {
            throw FlickrError.photoNotFound
        }
        return [
            "comment": [
                "id": "\(photo.id)-\(id)", "author": FlickrAPI.nsid(user), "authorname": user,
                "datecreate": String(Int64(now.timeIntervalSince1970)), "_content": text,
            ] as [String: Any],
        ]
    }

    // MARK: Helpers

    private func flickrPhoto(_ parameters: QueryItems) async throws -> StoredPhoto {
        guard let id = Self.photoId(parameters.first("photo_id")), let photo = try await library.store.photo(id: id) else {
            throw FlickrError.photoNotFound
        }
        return photo
    }

    private func flickrUser(_ parameters: QueryItems) async throws -> String {
        guard let token = parameters.first("auth_token"), !token.isEmpty,
            let user = try await library.store.username(forToken: token)
        else { throw FlickrError.invalidAuthToken }
        return user
    }

    static func flickrNumber(_ text: String?, name: String, default fallback: Int) throws -> Int {
        guard let text, !text.isEmpty else { return fallback }
        guard let value = Int(text), value >= 1 else { throw FlickrError.illogical("\(name) must be a whole number of at least 1") }
        return value
    }

    /// `2023-01-07 13:06:21`, Flickr's form of a date taken (UTC here).
    static func flickrDate(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func flickrImageURL(_ photo: StoredPhoto, base: String, size: String) -> String {
        "\(base)/farm1/\(photo.server)/\(photo.id)_\(photo.secret)_\(size).jpg"
    }

    /// `GET /farm1/<server>/<id>_<secret>_<m|t>.<jpg|png>`.
    func flickrImage(_ request: Request, server: String?, file: String?) async throws -> Response {
        guard let server, let file,
            let match = file.wholeMatch(of: /([0-9]{1,18})_([0-9a-f]{10})_([mt])\.(jpg|png)/),
            let variant = ThumbnailVariant.flickr(size: String(match.3), extension: String(match.4)),
            let id = Self.photoId(String(match.1))
        else {
            throw ServiceError(
                .notFound, "no image here: images are /farm1/<server>/<id>_<secret>_<m|t>.<jpg|png>", context: ["path": request.uri.path]
            )
        }
        let secret = String(match.2)
        return try await imageResponse(id: id, variant: variant, request: request) { $0.server == server && $0.secret == secret }
    }
}
