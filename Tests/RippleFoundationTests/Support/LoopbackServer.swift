import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and a port the system chooses, for the tests
/// of `URLSession.reactive`: real sockets, a thread per connection, one request per
/// connection (every answer says `Connection: close`).
///
/// Routes:
/// - `GET /repositories/<n>`: 200, `{"name":"repository-<n>","stars":<n>}`.
/// - `GET /missing`: 404 with a JSON error document, `{"code":404,"message":"no such repository"}`.
/// - `GET /unavailable`: 503 with a text body.
/// - `GET /incomplete`: 200 with JSON that lacks the `stars` field.
/// - `GET /not-json`: 200 with an HTML page.
/// - `GET /slow/<id>`: no answer until ``release(_:)`` (then as `/repositories/<id>`);
///   a client that closes the connection first is logged as having abandoned it.
/// - `GET /search?q=<text>`: 200, `{"query":"<text>","names":["<text>-core","<text>-tests"]}`
///   (letters and digits only); 503 for a text that begins with `fail`.
/// - `GET /close`: the connection is closed without an answer.
/// - `POST /echo`: 200 with the request's body, its method in `X-Method` and its
///   `Content-Type` in `X-Content-Type`.
/// - anything else: 404 with an empty body.
///
/// What happens is logged (``log``), so that tests can wait for what the server saw
/// (``waitForLog(_:)``). Its threads keep it alive until ``stop()``, which
/// ``withLoopback(_:)`` calls.
final class LoopbackServer: Sendable {
    /// What the server saw, in order.
    struct Log: Sendable {
        /// The paths of the requests read, in arrival order.
        var received: [String] = []
        /// The paths answered, in order (the answer was written).
        var answered: [String] = []
        /// The slow paths whose client closed the connection before the answer.
        var abandoned: [String] = []
        /// Connections accepted and not yet closed by the server.
        var openConnections = 0
    }

    private struct State {
        var log = Log()
        var released: Set<String> = []
        var stopped = false
    }

    /// The port the server listens on.
    let port: Int
    private let listener: Int32
    private let state = Watched(State())
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    /// Listens on 127.0.0.1 at a free port and starts accepting connections.
    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 128) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard listening else {
            let failure = errno
            close(descriptor)
            throw ServerError.socket(failure)
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    enum ServerError: Error {
        case socket(Int32)
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// A GET request of `path`.
    func request(_ path: String) -> URLRequest {
        URLRequest(url: url(path))
    }

    /// A snapshot of what the server saw so far.
    var log: Log {
        state.read { $0.log }
    }

    /// Waits until `condition` holds for the log; whether it does (`false` only if
    /// the task was cancelled first).
    @discardableResult
    func waitForLog(_ condition: @escaping @Sendable (Log) -> Bool) async -> Bool {
        await state.wait { condition($0.log) }
    }

    /// Blocks the calling thread until `condition` holds for the log; whether it
    /// did. For threads outside Swift concurrency (a stress test's
    /// `concurrentPerform`); tasks use ``waitForLog(_:)``.
    func blockUntil(_ condition: (Log) -> Bool) -> Bool {
        state.block(until: { condition($0.log) })
    }

    /// Lets the slow request of `path` (`/slow/<id>`) be answered, now or when it arrives.
    func release(_ path: String) {
        state.update { _ = $0.released.insert(path) }
    }

    /// Stops accepting, ends the slow requests still waiting (their connections are
    /// closed without an answer), and waits for the accept loop to end.
    func stop() {
        let first = state.update { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopEnded.wait()
        close(listener)
    }

    // MARK: - Connections

    private func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let accepted = state.update { state in
                guard !state.stopped else { return false }
                state.log.openConnections += 1
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                close(connection)
                state.update { $0.log.openConnections -= 1 }
            }
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = Request(reading: connection) else { return }
        state.update { $0.log.received.append(request.path) }
        let answer: Answer
        switch (request.method, request.path) {
        case ("GET", "/missing"):
            answer = Answer(status: 404, json: #"{"code":404,"message":"no such repository"}"#)
        case ("GET", "/unavailable"):
            answer = Answer(status: 503, type: "text/plain", body: Data("Service Unavailable: try again later".utf8))
        case ("GET", "/incomplete"):
            answer = Answer(status: 200, json: #"{"name":"incomplete"}"#)
        case ("GET", "/not-json"):
            answer = Answer(status: 200, type: "text/html", body: Data("<html><body>Welcome</body></html>".utf8))
        case ("GET", "/close"):
            return
        case ("POST", "/echo"):
            answer = Answer(
                status: 200,
                type: "application/octet-stream",
                body: request.body,
                headers: ["X-Method": request.method, "X-Content-Type": request.headers["content-type"] ?? ""]
            )
        case let ("GET", path) where path.hasPrefix("/search?q="):
            let text = path.dropFirst("/search?q=".count).filter { $0.isLetter || $0.isNumber }
            answer = text.hasPrefix("fail")
                ? Answer(status: 503, type: "text/plain", body: Data("search is down".utf8))
                : Answer(status: 200, json: #"{"query":"\#(text)","names":["\#(text)-core","\#(text)-tests"]}"#)
        case let ("GET", path) where path.hasPrefix("/repositories/"):
            answer = Self.repository(path.dropFirst("/repositories/".count))
        case let ("GET", path) where path.hasPrefix("/slow/"):
            guard waitForRelease(of: path, on: connection) else { return }
            answer = Self.repository(path.dropFirst("/slow/".count))
        default:
            answer = Answer(status: 404, type: "text/plain", body: Data())
        }
        if answer.write(to: connection) {
            state.update { $0.log.answered.append(request.path) }
        }
    }

    private static func repository(_ id: Substring) -> Answer {
        guard let number = Int(id) else { return Answer(status: 400, type: "text/plain", body: Data("bad id".utf8)) }
        return Answer(status: 200, json: #"{"name":"repository-\#(number)","stars":\#(number)}"#)
    }

    /// Waits until `path` is released (true), or the client closes the connection
    /// or the server stops (false; a closed connection is logged as abandoned).
    private func waitForRelease(of path: String, on connection: Int32) -> Bool {
        while true {
            let (released, stopped) = state.read { ($0.released.contains(path), $0.stopped) }
            if released { return true }
            if stopped { return false }
            if Self.peerClosed(connection) {
                state.update { $0.log.abandoned.append(path) }
                return false
            }
        }
    }

    /// Waits up to 10 ms for the client to close `connection` (the request was read
    /// in full, so anything readable now is the end of the stream or an error).
    private static func peerClosed(_ connection: Int32) -> Bool {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 10) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }
}

extension NSCondition {
    /// Runs `body` with the condition's lock held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

// MARK: - HTTP

/// One request, read in full: request line, headers, and a `Content-Length` body.
private struct Request {
    let method: String
    let path: String
    /// Header fields, names lowercased.
    let headers: [String: String]
    let body: Data

    init?(reading connection: Int32) {
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard buffer.count < 65_536, let chunk = Self.receive(connection) else { return nil }
            buffer.append(chunk)
            headEnd = buffer.range(of: separator)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        method = String(requestLine[0])
        path = String(requestLine[1])
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        var body = Data(buffer[headEnd.upperBound...])
        while body.count < length {
            guard let chunk = Self.receive(connection) else { return nil }
            body.append(chunk)
        }
        self.body = body.prefix(length)
    }

    /// The next bytes the client sent; `nil` at the end of the stream or on an error.
    private static func receive(_ connection: Int32) -> Data? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = recv(connection, &bytes, bytes.count, 0)
        return count > 0 ? Data(bytes[..<count]) : nil
    }
}

/// A response, written in one piece.
private struct Answer {
    let status: Int
    let type: String
    let body: Data
    var headers: [String: String] = [:]

    init(status: Int, type: String, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.type = type
        self.body = body
        self.headers = headers
    }

    init(status: Int, json: String) {
        self.init(status: status, type: "application/json", body: Data(json.utf8))
    }

    /// Writes the answer; whether all of it was written.
    func write(to connection: Int32) -> Bool {
        let reason = HTTPURLResponseReason.phrase(for: status)
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.append(body)
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // MSG_NOSIGNAL: a client that has gone is an error here, not a SIGPIPE.
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}

/// The reason phrases of the statuses the server sends.
private enum HTTPURLResponseReason {
    static func phrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
