import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Services
import Synchronization
import Testing

/// Runs `body` against the services' router on real SQLite files in a new
/// temporary data directory (removed afterwards), once the photo import has ended.
/// The tweet corpus is the fixture changelogs and the photo corpus empty unless told
/// otherwise; passwords are hashed with 1,000 PBKDF2 iterations (fast; the default is
/// 600,000).
func withServices<Value: Sendable>(
    fidelity: Fidelity = .corrected,
    clock: ServicesClock = .system,
    tweetCorpus: TweetCorpus = fixtureCorpus,
    photoCorpus: PhotoCorpus = noPhotos,
    passwordIterations: Int = testPasswordIterations,
    chaos: ChaosConfiguration? = nil,
    in directory: TemporaryDirectory? = nil,
    _ body: @Sendable (any TestClientProtocol, URL) async throws -> Value
) async throws -> Value {
    let temporary = try directory ?? TemporaryDirectory()
    defer { if directory == nil { temporary.remove() } }
    let configuration = ServicesConfiguration(
        port: 0,
        dataDirectory: temporary.url,
        fidelity: fidelity,
        clock: clock,
        tweetCorpus: tweetCorpus,
        photoCorpus: photoCorpus,
        passwordIterations: passwordIterations,
        chaos: chaos
    )
    let services = try ServicesApplication.open(configuration, logger: quietLogger)
    let app = ServicesApplication.make(
        services: services.all, configuration: configuration, logger: quietLogger, chaos: services.chaos
    )
    let url = temporary.url
    return try await app.test(.router) { client in
        _ = await services.photos.library.waitUntilIdle()
        return try await body(client, url)
    }
}

/// Headers of a form-encoded body.
let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
/// Headers of a JSON body.
let jsonHeaders: HTTPFields = [.contentType: "application/json"]

extension TestClientProtocol {
    /// POSTs a form-encoded body.
    func postForm(_ uri: String, _ form: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, headers: formHeaders, body: ByteBuffer(string: form))
    }

    /// POSTs a JSON body.
    func postJSON(_ uri: String, _ json: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, headers: jsonHeaders, body: ByteBuffer(string: json))
    }

    /// GETs `/todos/list` and decodes it.
    func todos() async throws -> [Todo] {
        let response = try await execute(uri: "/todos/list", method: .get)
        #expect(response.status == .ok)
        return try JSONDecoder().decode([Todo].self, from: Data(buffer: response.body))
    }

    /// Creates a todo through `POST /todos/list` and returns it.
    func createTodo(_ content: String) async throws -> Todo {
        let response = try await postForm("/todos/list", "content=\(content)")
        #expect(response.status == .ok)
        return try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
    }
}

extension Data {
    /// The readable bytes of a buffer.
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}

/// The body as a JSON object, or `nil` when it is not one.
func jsonObject(_ body: ByteBuffer) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any]
}

/// `yyyy-MM-ddTHH:mm:ss.SSSZ`.
func isTimestamp(_ text: String) -> Bool {
    text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil
}

/// 24 lowercase hex characters.
func isObjectId(_ text: String) -> Bool {
    text.wholeMatch(of: /[0-9a-f]{24}/) != nil
}

/// A clock for the services whose wall clock moves one second forward on every
/// reading (records made one after the other get different times without
/// waiting), and whose waits return at once, recording what was asked.
final class SteppingClock: Sendable {
    private let readings = Atomic<Int>(0)
    private let waits = Mutex<[Duration]>([])

    /// The waits the services asked for, in order.
    var requestedWaits: [Duration] {
        waits.withLock { $0 }
    }

    /// The clock to configure the services with.
    var servicesClock: ServicesClock {
        ServicesClock(now: now, sleep: { [self] duration in waits.withLock { $0.append(duration) } })
    }

    /// The next time: 2026-01-01T00:00:00Z plus one second per earlier reading.
    @Sendable func now() -> Date {
        let reading = readings.add(1, ordering: .relaxed).oldValue
        return Date(timeIntervalSince1970: 1_767_225_600 + Double(reading))
    }
}

/// The fixture changelogs as the tweet corpus.
let fixtureCorpus = TweetCorpus.directory(fixtureChangelogs)
