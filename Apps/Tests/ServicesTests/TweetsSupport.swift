import AppsTestSupport
import CZlib
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Services
import Synchronization
import Testing

/// Compresses bytes into a one-member gzip file with the system zlib (independent
/// of the service's code, which only inflates gzip).
func gzip(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    // 15 + 16: gzip framing.
    let started = deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    precondition(started == Z_OK)
    defer { deflateEnd(&stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
    let produced = input.withUnsafeMutableBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(input.count)
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            let status = deflate(&stream, Z_FINISH)
            precondition(status == Z_STREAM_END)
            return output.count - Int(stream.avail_out)
        }
    }
    return Array(output[0..<produced])
}

/// A gzipped changelog made of text.
func gzip(_ text: String) -> [UInt8] {
    gzip(Array(text.utf8))
}

/// Changelogs held in memory, with a fingerprint the test chooses.
struct MemoryChangelogs: ChangelogSource {
    var files: [(name: String, bytes: [UInt8])]
    var version: String

    var description: String { "memory (\(version))" }

    func changelogNames() throws -> [String] {
        files.map(\.name)
    }

    func contents(of name: String) throws -> [UInt8] {
        guard let file = files.first(where: { $0.name == name }) else { throw CocoaError(.fileNoSuchFile) }
        return file.bytes
    }

    func fingerprint(of names: [String]) throws -> String {
        version
    }
}

/// A source whose reads wait until the test opens its gate: an import over it is
/// still running for as long as the test wants, without any sleeping.
final class GatedChangelogs: ChangelogSource {
    let inner: any ChangelogSource
    private let gate = DispatchSemaphore(value: 0)
    private let reached = DispatchSemaphore(value: 0)
    private let isOpen = Atomic<Bool>(false)

    init(_ inner: any ChangelogSource) {
        self.inner = inner
    }

    var description: String { "gated \(inner.description)" }

    func changelogNames() throws -> [String] {
        try inner.changelogNames()
    }

    func contents(of name: String) throws -> [UInt8] {
        if !isOpen.load(ordering: .acquiring) {
            reached.signal()
            gate.wait()
        }
        return try inner.contents(of: name)
    }

    func fingerprint(of names: [String]) throws -> String {
        "gated " + (try inner.fingerprint(of: names))
    }

    /// Waits (off the cooperative pool) until the import has asked for a changelog
    /// and is held at the gate.
    func waitUntilHeld() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [reached] in
                reached.wait()
                continuation.resume()
            }
        }
    }

    /// Lets every read through, now and later.
    func open() {
        isOpen.store(true, ordering: .releasing)
        gate.signal()
    }
}

/// Runs `body` against the services' router (fixture corpus unless told otherwise),
/// once the tweet import, if one is due, has ended.
func withTweets<Value: Sendable>(
    tweetCorpus: TweetCorpus = fixtureCorpus,
    in directory: TemporaryDirectory? = nil,
    waitForImport: Bool = true,
    _ body: @Sendable (any TestClientProtocol, ServicesApplication.OpenedServices) async throws -> Value
) async throws -> Value {
    let temporary = try directory ?? TemporaryDirectory()
    defer { if directory == nil { temporary.remove() } }
    let configuration = ServicesConfiguration(port: 0, dataDirectory: temporary.url, tweetCorpus: tweetCorpus, photoCorpus: noPhotos)
    let services = try ServicesApplication.open(configuration, logger: quietLogger)
    let app = ServicesApplication.make(services: services.all, configuration: configuration, logger: quietLogger)
    return try await app.test(.router) { client in
        if waitForImport {
            _ = await services.tweets.index.waitUntilIdle()
        }
        return try await body(client, services)
    }
}

/// `Authorization: Bearer <the app's token>`.
func bearerHeaders(_ services: ServicesApplication.OpenedServices) -> HTTPFields {
    [.authorization: "Bearer \(services.tweets.credentials.bearerToken)"]
}

/// `Basic base64(key:secret)`.
func basicAuthorization(key: String, secret: String) -> String {
    "Basic " + Data("\(key):\(secret)".utf8).base64EncodedString()
}

extension TestClientProtocol {
    /// Searches with the app's bearer token; `query` is the raw query string.
    func search(_ query: String, _ services: ServicesApplication.OpenedServices) async throws -> TestResponse {
        try await execute(uri: "/1.1/search/tweets.json?\(query)", method: .get, headers: bearerHeaders(services))
    }

    /// Searches and decodes the answer.
    func searchAnswer(_ query: String, _ services: ServicesApplication.OpenedServices) async throws -> SearchAnswer {
        let response = try await search(query, services)
        try #require(response.status == .ok, "\(response.status): \(String(buffer: response.body))")
        return try JSONDecoder().decode(SearchAnswer.self, from: Data(buffer: response.body))
    }
}

/// A search answer as a client decodes it.
struct SearchAnswer: Decodable {
    struct Status: Decodable {
        struct User: Decodable {
            let id: Int64
            let id_str: String
            let name: String
            let screen_name: String
            let profile_image_url: String
        }

        let created_at: String
        let id: Int64
        let id_str: String
        let lang: String
        let text: String?
        let full_text: String?
        let truncated: Bool
        let user: User
    }

    struct Metadata: Decodable {
        let completed_in: Double
        let count: Int
        let query: String
    }

    let statuses: [Status]
    let search_metadata: Metadata

    /// The statuses' texts.
    var texts: [String] { statuses.compactMap(\.text) }
}

/// The first error of a Twitter-shaped error body: its code, message and label.
func twitterError(_ body: ByteBuffer) -> (code: Int, message: String, label: String?)? {
    guard let errors = jsonObject(body)?["errors"] as? [[String: Any]], errors.count == 1,
        let code = errors[0]["code"] as? Int, let message = errors[0]["message"] as? String
    else { return nil }
    return (code, message, errors[0]["label"] as? String)
}
