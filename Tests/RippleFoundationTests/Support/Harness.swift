import Foundation
import Ripple
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with a new loopback server and a new ephemeral session (no shared
/// cache, cookies or connections between tests), then cancels what the session
/// still has in flight and stops the server.
func withLoopback<T>(_ body: (LoopbackServer, URLSession) async throws -> T) async throws -> T {
    let server = try LoopbackServer()
    let session = URLSession(configuration: .ephemeral)
    defer {
        session.invalidateAndCancel()
        server.stop()
    }
    return try await body(server, session)
}

/// Polls `condition` until it holds or `seconds` have passed; whether it held. A
/// bound on waiting for real I/O (a server thread, the session's queue), never a
/// measure of time: a test asserts what happened, not when.
nonisolated(nonsending) func waitUntil(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Records the events of one run, from whatever thread sends them.
final class EventLog<Value, Failure: Error>: @unchecked Sendable {  // `recorded` is guarded by `lock`
    private let lock = NSLock()
    private var recorded: [Signal<Value, Failure>.Event] = []

    /// An observer that records every event.
    var observer: Signal<Value, Failure>.Observer {
        Signal.Observer { event in self.record(event) }
    }

    /// Records `event`.
    func record(_ event: Signal<Value, Failure>.Event) {
        lock.lock()
        recorded.append(event)
        lock.unlock()
    }

    /// The events so far, in order.
    var events: [Signal<Value, Failure>.Event] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The values so far, in order.
    var values: [Value] {
        events.compactMap(\.value)
    }

    /// The error of a `failed` event, if the run failed.
    var error: Failure? {
        events.lazy.compactMap(\.error).first
    }

    /// The events as `VALUE …`, `FAILED …`, `COMPLETED`, `INTERRUPTED`, with values
    /// told by `describe`.
    func kinds(_ describe: (Value) -> String = { _ in "" }) -> [String] {
        events.map { event in
            switch event {
            case let .value(value): "VALUE \(describe(value))".trimmingCharacters(in: .whitespaces)
            case .failed: "FAILED"
            case .completed: "COMPLETED"
            case .interrupted: "INTERRUPTED"
            }
        }
    }

    /// Whether the run has ended.
    var hasEnded: Bool {
        events.last?.isTerminating ?? false
    }

    /// Waits, up to `seconds`, for the run to end; whether it did.
    func waitForEnd(within seconds: Double = 10) async -> Bool {
        await waitUntil(within: seconds) { hasEnded }
    }
}

/// A fixed number of optional elements that threads set and read.
final class Slots<Element>: @unchecked Sendable {  // `storage` is guarded by `lock`
    private let lock = NSLock()
    private var storage: [Element?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Element? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    /// The elements, in order.
    var elements: [Element?] {
        lock.withLock { storage }
    }
}

/// A port on 127.0.0.1 that is bound but not listening: a connection to it is
/// refused, and no other process can take it while this object lives.
final class RefusingPort {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackServer.ServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let failure = errno
            close(descriptor)
            throw LoopbackServer.ServerError.socket(failure)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }

    /// A GET request of `path` on this port.
    func request(_ path: String) -> URLRequest {
        URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    }
}

/// An object to watch through a `weak` reference: released means nothing keeps it.
final class Witness: Sendable {}

/// What the server's `/repositories/<n>` routes answer.
struct Repository: Decodable, Equatable, Sendable {
    let name: String
    let stars: Int
}

/// The error document of the server's `/missing` route.
struct ErrorDocument: Decodable, Equatable, Sendable {
    let code: Int
    let message: String
}

extension Data {
    /// The data as UTF-8 text.
    var text: String {
        String(decoding: self, as: UTF8.self)
    }
}
