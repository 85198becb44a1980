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

/// State that threads change and tests wait on. Each change wakes both kinds of
/// waiter: tasks (``wait(until:)``, resumed once their condition holds) and threads
/// outside Swift concurrency (``block(until:within:)``). A test waits for the event
/// itself (a request reaching the server, a run ending), never for a time.
final class Watched<State>: @unchecked Sendable {  // `state` and `waiters` are guarded by `condition`
    private struct Waiter {
        let condition: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private let condition = NSCondition()
    private var state: State
    private var waiters: [UInt64: Waiter] = [:]
    private var nextWaiter: UInt64 = 0

    init(_ state: State) {
        self.state = state
    }

    /// Reads the state.
    func read<T>(_ body: (State) -> T) -> T {
        condition.withLock { body(state) }
    }

    /// Changes the state, then wakes the blocked threads and resumes the tasks whose
    /// condition now holds.
    @discardableResult
    func update<T>(_ change: (inout State) -> T) -> T {
        let (result, ready) = condition.withLock {
            let result = change(&state)
            condition.broadcast()
            let ready = waiters.filter { $0.value.condition(state) }
            for id in ready.keys {
                waiters[id] = nil
            }
            return (result, ready.values.map(\.continuation))
        }
        for continuation in ready {
            continuation.resume()
        }
        return result
    }

    /// Waits until `condition` holds for the state; whether it does (`false` only if
    /// the waiting task was cancelled first).
    @discardableResult
    func wait(until condition: @escaping @Sendable (State) -> Bool) async -> Bool {
        let id = self.condition.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = self.condition.withLock {
                    if condition(state) || Task.isCancelled { return true }
                    waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            self.condition.withLock { waiters.removeValue(forKey: id) }?.continuation.resume()
        }
        return read(condition)
    }

    /// Blocks the calling thread until `condition` holds; whether it did. For threads
    /// outside Swift concurrency (a stress test's `concurrentPerform`), which no
    /// test's time limit can cancel: `seconds` is only a safety net against an event
    /// that never comes, far longer than the event takes on a loaded machine.
    func block(until condition: (State) -> Bool, within seconds: Double = 300) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return self.condition.withLock {
            while !condition(state) {
                guard self.condition.wait(until: deadline) else { return condition(state) }
            }
            return true
        }
    }
}

/// Records the events of one run, from whatever thread sends them; tests wait for
/// the run's events.
final class EventLog<Value, Failure: Error>: Sendable {
    private let recorded = Watched<[Signal<Value, Failure>.Event]>([])

    /// An observer that records every event.
    var observer: Signal<Value, Failure>.Observer {
        Signal.Observer { event in self.record(event) }
    }

    /// Records `event`.
    func record(_ event: Signal<Value, Failure>.Event) {
        recorded.update { $0.append(event) }
    }

    /// The events so far, in order.
    var events: [Signal<Value, Failure>.Event] {
        recorded.read { $0 }
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

    /// Waits for the run to end; whether it did (`false` only if the task was
    /// cancelled first).
    @discardableResult
    func waitForEnd() async -> Bool {
        await recorded.wait { $0.last?.isTerminating ?? false }
    }

    /// Waits until the run has sent `count` values; whether it did.
    @discardableResult
    func waitForValues(_ count: Int) async -> Bool {
        await recorded.wait { events in events.count { $0.value != nil } >= count }
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

/// An object whose release is an event: released means nothing keeps it.
final class Witness: Sendable {
    private let released: @Sendable () -> Void

    /// A witness that calls `released` when it is released.
    init(released: @escaping @Sendable () -> Void) {
        self.released = released
    }

    deinit {
        released()
    }
}

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
