import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import ImageFormats
import Logging
import Services
import Synchronization
import Testing

/// The fixture images (see `Fixtures/README.md`).
let fixturePhotos: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/photos", isDirectory: true)

/// The fixture images as the photo corpus.
let fixturePhotoCorpus = PhotoCorpus.directories([fixturePhotos])

/// A photo corpus of no folder: no photos (for the tests of the other services).
let noPhotos = PhotoCorpus.directories([])

/// The fixture files' canonical paths.
func fixturePhoto(_ relative: String) -> String {
    fixturePhotos.appendingPathComponent(relative).resolvingSymlinksInPath().path
}

/// Accounts of the tests: a fixed table of passwords, and how often it was asked.
final class TestAccounts: AccountVerifying {
    let passwords: [String: String]
    /// Whether every check throws (the accounts' store is down).
    let failing: Bool
    private let asked = Atomic<Int>(0)

    init(_ passwords: [String: String] = ["ada": "correct horse", "grace": "battery staple"], failing: Bool = false) {
        self.passwords = passwords
        self.failing = failing
    }

    /// How many checks were made.
    var checks: Int { asked.load(ordering: .relaxed) }

    func verify(account: String, password: String) async throws -> Bool {
        asked.add(1, ordering: .relaxed)
        if failing { throw CancellationError() }
        return passwords[account] == password
    }
}

/// Runs `body` against the photo service alone (fixture images unless told
/// otherwise) on real SQLite files in a temporary data directory, once its import
/// has ended. With `runsImport: false` the import never runs: the service stays in
/// its "importing" state.
func withPhotos<Value: Sendable>(
    corpus: PhotoCorpus = fixturePhotoCorpus,
    fidelity: Fidelity = .corrected,
    clock: ServicesClock = .system,
    accounts: any AccountVerifying = TestAccounts(),
    in directory: TemporaryDirectory? = nil,
    runsImport: Bool = true,
    rasterizer: any SVGRasterizing = RsvgConvert(),
    _ body: @Sendable (any TestClientProtocol, PhotosService) async throws -> Value
) async throws -> Value {
    let temporary = try directory ?? TemporaryDirectory()
    defer { if directory == nil { temporary.remove() } }
    let configuration = ServicesConfiguration(
        port: 0, dataDirectory: temporary.url, fidelity: fidelity, clock: clock, tweetCorpus: fixtureCorpus, photoCorpus: corpus
    )
    let photos = try PhotosService(configuration: configuration, accounts: accounts, logger: quietLogger, rasterizer: rasterizer)
    let app: ServicesApplication.App =
        if runsImport {
            ServicesApplication.make(services: [photos], configuration: configuration, logger: quietLogger)
        } else {
            Application(router: ServicesApplication.router(services: [photos]), logger: quietLogger)
        }
    return try await app.test(.router) { client in
        if runsImport {
            _ = await photos.library.waitUntilIdle()
        }
        return try await body(client, photos)
    }
}

extension TestClientProtocol {
    /// GETs a path and decodes a JSON object, requiring the status.
    func photoJSON(_ uri: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) async throws -> [String: Any] {
        let response = try await execute(uri: uri, method: .get, headers: headers)
        try #require(response.status == status, "\(uri): \(response.status) \(String(buffer: response.body))")
        return try #require(jsonObject(response.body), "not a JSON object: \(String(buffer: response.body))")
    }

    /// Logs in with xAuth and returns the access token.
    func pxLogin(_ username: String, _ password: String) async throws -> String {
        let response = try await postForm(
            "/v1/oauth/access_token",
            "x_auth_mode=client_auth&x_auth_username=\(username)&x_auth_password=\(password.replacingOccurrences(of: " ", with: "+"))"
        )
        try #require(response.status == .ok, "\(response.status) \(String(buffer: response.body))")
        let body = String(buffer: response.body)
        let token = try #require(body.firstMatch(of: /oauth_token=([0-9a-f]{40})&/)?.1)
        return String(token)
    }

    /// Calls a Flickr method with the app's key (`format=json&nojsoncallback=1`) and
    /// decodes the answer, requiring the status.
    func flickr(
        _ method: String, _ parameters: String = "", _ photos: PhotosService, status: HTTPResponse.Status = .ok,
        httpMethod: HTTPRequest.Method = .get
    ) async throws -> [String: Any] {
        let query = "method=\(method)&api_key=\(photos.flickrCredentials.apiKey)&format=json&nojsoncallback=1"
            + (parameters.isEmpty ? "" : "&" + parameters)
        let response = httpMethod == .get
            ? try await execute(uri: "/services/rest/?\(query)", method: .get)
            : try await postForm("/services/rest/", query)
        try #require(response.status == status, "\(method): \(response.status) \(String(buffer: response.body))")
        return try #require(jsonObject(response.body), "not a JSON object: \(String(buffer: response.body))")
    }
}

/// `Authorization: OAuth …, oauth_token="<token>", …`, as an xAuth client signs.
func oauthHeaders(_ token: String) -> HTTPFields {
    [.authorization: #"OAuth oauth_consumer_key="key", oauth_nonce="abc", oauth_signature="sig%3D", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1700000000", oauth_token="\#(token)", oauth_version="1.0""#]
}

/// A 500px list's photos.
func pxPhotos(_ answer: [String: Any]) -> [[String: Any]] {
    answer["photos"] as? [[String: Any]] ?? []
}

/// A Flickr search's photos.
func flickrPhotos(_ answer: [String: Any]) -> [[String: Any]] {
    (answer["photos"] as? [String: Any])?["photo"] as? [[String: Any]] ?? []
}

/// Writes a PNG of one colour, `width`×`height`, with the service's encoder.
func writeSolidPNG(_ url: URL, width: Int, height: Int, colour: (UInt8, UInt8, UInt8)) throws {
    var pixels: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            // A faint pattern keeps the files over the size minimum and distinct.
            pixels += [colour.0 &+ UInt8(x % 7), colour.1 &+ UInt8(y % 5), colour.2 &+ UInt8((x * y) % 3)]
        }
    }
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(ImageCodec.encodePNG(RGBImage(width: width, height: height, pixels: pixels))).write(to: url)
}
