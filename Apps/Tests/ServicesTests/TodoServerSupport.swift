import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Services
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` against the `todo-server` application over a new store of `store`
/// (a temporary data directory, and on PostgreSQL a new database; removed
/// afterwards), with the configuration `adjust` makes of the default one (a free
/// loopback port).
func withTodoServerApplication(
    _ setup: TestingSetup = .router,
    store: TestStore = .sqlite,
    logger: Logger = quietLogger,
    adjust: (inout ServicesConfiguration) -> Void = { _ in },
    _ body: @Sendable (any TestClientProtocol, URL) async throws -> Void
) async throws {
    var adjusted = ServicesConfiguration(port: 0, dataDirectory: URL(fileURLWithPath: "/"))
    adjust(&adjusted)
    let configured = adjusted
    try await withTestStore(store) { opened in
        var configuration = configured
        configuration.dataDirectory = opened.directory
        // A health timeout and a database deadline no loaded test machine reaches:
        // these tests are about the answers.
        let app = try await TodoServer.application(
            configuration: configuration, database: opened.todoDatabase, logger: logger,
            healthTimeout: .seconds(600), databaseDeadline: testDatabaseDeadline
        )
        let url = opened.directory
        try await app.test(setup) { client in try await body(client, url) }
    }
}

/// The log lines of a logger, captured as ``JSONLogHandler`` writes them.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger at `level` whose lines are captured.
    func logger(level: Logger.Level = .info) -> Logger {
        let output = LogLineOutput { [self] line in
            self.lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) }
        }
        return Logger(label: "todo-server") { label in JSONLogHandler(label: label, level: level, output: output) }
    }

    /// Every line so far, as written (each ends with a newline).
    var rawLines: [String] {
        lines.withLock { $0 }
    }

    /// Every line so far, as JSON objects (a line that is not one fails the test).
    func entries() throws -> [[String: String]] {
        try rawLines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let entry = try #require(object, "not a JSON object: \(line)")
            return entry.compactMapValues { $0 as? String }
        }
    }
}

/// A services' clock whose waits end only when cancelled, and which counts the waits
/// that were: a timeout on it never fires, and a test sees its timer given up.
final class NeverFiringClock: Sendable {
    private let cancelled = Atomic<Int>(0)

    /// How many waits have been cancelled.
    var cancelledWaits: Int {
        cancelled.load(ordering: .relaxed)
    }

    /// The clock to configure the services with.
    var servicesClock: ServicesClock {
        ServicesClock(now: { Date() }, sleep: { [self] _ in
            await waitUntilCancelled()
            self.cancelled.add(1, ordering: .relaxed)
            throw CancellationError()
        })
    }
}

/// Returns only once the current task is cancelled (no timer involved).
func waitUntilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in stream {}
    } onCancel: {
        continuation.finish()
    }
}

/// A service of one route, `GET /hang`, whose handler never answers: it returns only
/// when cancelled, and counts that it was.
struct HangingService: LocalService {
    /// How many handlers have been cancelled.
    let cancellations = Counter()

    var routes: [String: Set<HTTPRequest.Method>] {
        ["/hang": [.get]]
    }

    func mount(on router: Router<BasicRequestContext>) {
        router.get("/hang") { [self] _, _ -> Response in
            await waitUntilCancelled()
            cancellations.increment()
            throw CancellationError()
        }
    }
}

/// A count that tasks increment.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// The count so far.
    var value: Int {
        count.load(ordering: .relaxed)
    }

    /// Adds one.
    func increment() {
        count.add(1, ordering: .relaxed)
    }
}

/// A TCP connection to 127.0.0.1 with blocking sends and receives, for requests a
/// client library will not make: a body sent in two parts with the server's state
/// checked in between.
final class RawConnection: Sendable {
    private let socket: Int32

    /// Connects to `port` on 127.0.0.1.
    /// - Throws: The `connect` error (`ECONNREFUSED` when nothing listens).
    init(port: Int) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(socket)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        // A safety net only: no answer the tests wait for takes this long.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        self.socket = socket
    }

    /// Whether a connection to `port` is refused (nothing listens there any more).
    static func isRefused(port: Int) -> Bool {
        do {
            try RawConnection(port: port).close()
            return false
        } catch let error as POSIXError {
            return error.code == .ECONNREFUSED
        } catch {
            return false
        }
    }

    /// Sends all of `text`.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            offset += sent
        }
    }

    /// Reads one response (its head, then `Content-Length` bytes of body) on a
    /// thread of its own.
    func readResponse() async throws -> (status: Int, head: String, body: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { [self] in continuation.resume(with: Result { try readResponseBlocking() }) }.start()
        }
    }

    private func readResponseBlocking() throws -> (status: Int, head: String, body: String) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func receive() throws {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw POSIXError(count == 0 ? .ECONNRESET : .init(rawValue: errno) ?? .EIO) }
            received += buffer[0..<count]
        }
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            try receive()
            headEnd = received.indices.dropLast(3).first { received[$0..<$0 + 4].elementsEqual(separator) }
        }
        let head = String(decoding: received[0..<headEnd!], as: UTF8.self)
        let length = head.firstMatch(of: /(?i)content-length: *(\d+)/).flatMap { Int($0.1) } ?? 0
        while received.count < headEnd! + 4 + length {
            try receive()
        }
        let status = head.firstMatch(of: /^HTTP\/1\.1 (\d{3})/).flatMap { Int($0.1) } ?? 0
        return (status, head, String(decoding: received[(headEnd! + 4)...], as: UTF8.self))
    }

    /// Closes the connection.
    func close() {
        Glibc.close(socket)
    }

    /// The next bytes received (blocking), empty at the end of the stream.
    /// - Throws: The receive error (`EAGAIN` when the receive timeout passed).
    func receiveSome() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return Array(buffer[0..<count])
    }

    /// Ends both directions (a blocked receive returns), without closing the descriptor.
    func shutDown() {
        Glibc.shutdown(socket, Int32(SHUT_RDWR))
    }
}
