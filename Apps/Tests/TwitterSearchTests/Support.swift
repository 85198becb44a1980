import AppsTestSupport
import Foundation
import Ripple
import Services
import Synchronization
import TwitterSearchCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with the local services started in process on a free loopback port,
/// over a new data directory, the fixture corpus (its import finished unless told
/// otherwise), with `chaos` if given, on `clock`, and stops them afterwards.
func withLocalServices<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    corpus: TweetCorpus = .directory(fixtureChangelogs),
    waitForImport: Bool = true,
    chaos: ChaosConfiguration? = nil,
    clock: ServicesClock = .system,
    _ body: (LocalServices, URL) async throws -> Value
) async throws -> Value {
    try await withTestServices(configure: { configuration in
        configuration.tweetCorpus = corpus
        configuration.chaos = chaos
        configuration.clock = clock
    }) { services, directory in
        if waitForImport { _ = await services.tweets.index.waitUntilIdle() }
        return try await body(services, directory)
    }
}

/// Changelogs whose reads wait until the test opens the gate: the tweet import
/// stays unfinished (and the search answers 503) for as long as the test wants.
final class GatedChangelogs: ChangelogSource {
    let inner: DirectoryChangelogs
    private let gate = DispatchSemaphore(value: 0)
    private let isOpen = Atomic<Bool>(false)

    init(_ inner: DirectoryChangelogs) {
        self.inner = inner
    }

    var description: String { "gated \(inner.description)" }

    func changelogNames() throws -> [String] {
        try inner.changelogNames()
    }

    func contents(of name: String) throws -> [UInt8] {
        if !isOpen.load(ordering: .acquiring) {
            gate.wait()
            gate.signal()
        }
        return try inner.contents(of: name)
    }

    func fingerprint(of names: [String]) throws -> String {
        "gated " + (try inner.fingerprint(of: names))
    }

    /// Lets every read through, now and later.
    func open() {
        isOpen.store(true, ordering: .releasing)
        gate.signal()
    }
}

/// The services' clock with waits the test ends: each `sleep` reports its duration
/// on ``sleeps`` and returns only once the test calls ``release()`` (and at once
/// after that). A chaos latency then holds its request for exactly as long as the
/// test wants, without betting on how long anything takes.
final class HeldSleeps: Sendable {
    /// The duration of each sleep, when it starts.
    let sleeps: AsyncStream<Duration>
    private let sleepInput: AsyncStream<Duration>.Continuation
    private let state = Mutex(State())

    private struct State {
        var released = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    init() {
        (sleeps, sleepInput) = AsyncStream<Duration>.makeStream()
    }

    /// The clock: the wall clock's `now`, and sleeps held until ``release()``.
    var clock: ServicesClock {
        ServicesClock(now: { Date() }, sleep: { [self] duration in await sleep(duration) })
    }

    private func sleep(_ duration: Duration) async {
        sleepInput.yield(duration)
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.released { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Ends every sleep, now and later.
    func release() {
        let waiting = state.withLock { state in
            state.released = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A search service that forwards to another and counts the searches started, so
/// that a test can wait for the nth one.
final class CountingSearches<Inner: TwitterSearchService>: TwitterSearchService {
    private let inner: Inner
    private let state = Mutex(State())

    private struct State {
        var count = 0
        var waiting: [(number: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    init(_ inner: Inner) {
        self.inner = inner
    }

    /// The searches started so far.
    var count: Int {
        state.withLock { $0.count }
    }

    func requestAccess() -> SignalProducer<Never, TwitterSearchError> {
        inner.requestAccess()
    }

    func search(_ text: String) -> SignalProducer<TwitterResponse, TwitterSearchError> {
        inner.search(text).on(started: { [self] in
            let ready = state.withLock { state in
                state.count += 1
                let count = state.count
                defer { state.waiting.removeAll { $0.number <= count } }
                return state.waiting.filter { $0.number <= count }.map(\.continuation)
            }
            for continuation in ready { continuation.resume() }
        })
    }

    /// Returns once search number `number` (from 1) has started.
    func waitForSearch(number: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.count >= number { return true }
                state.waiting.append((number, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// Every value a property takes from now on, in order.
final class ValueLog<Value: Sendable>: Sendable {
    private let state = Mutex<[Value]>([])

    init(_ property: Property<Value>) {
        property.producer.startWithValues { [self] value in state.withLock { $0.append(value) } }
    }

    /// The values so far.
    var values: [Value] {
        state.withLock { $0 }
    }
}

/// A loopback HTTP listener that reads requests and never answers them: the
/// "never-answering service". It reports each request's first line when the head
/// has arrived, and the connection's end when the client closes it.
final class SilentServer: Sendable {
    enum Event: Equatable, Sendable {
        /// A request's first line, `GET /path HTTP/1.1`.
        case request(String)
        /// The client closed the connection.
        case closed
    }

    /// The port it listens on (127.0.0.1).
    let port: Int
    /// What happens on its connections, in order.
    let events: AsyncStream<Event>

    private let listener: Int32
    private let continuation: AsyncStream<Event>.Continuation

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init() throws {
        (events, continuation) = AsyncStream<Event>.makeStream()
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let continuation = continuation
        // Accepts until `stop()` closes the socket (accept then fails).
        Thread.detachNewThread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { break }
                Thread.detachNewThread { Self.serve(connection, continuation) }
            }
        }
    }

    /// Reads the request head, reports its first line, then reads (never
    /// answering) until the client closes the connection.
    private static func serve(_ connection: Int32, _ continuation: AsyncStream<Event>.Continuation) {
        var received: [UInt8] = []
        var reported = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            if !reported {
                received += buffer[0..<count]
                if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                    let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                    continuation.yield(.request(String(head.split(separator: "\r\n").first ?? "")))
                    reported = true
                }
            }
        }
        close(connection)
        continuation.yield(.closed)
    }

    /// Stops listening (connections still open stay open until their clients close them).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
