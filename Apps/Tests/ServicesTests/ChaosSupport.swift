import AppsTestSupport
import Foundation
import Services
import ServiceLifecycle
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a TCP connection to `127.0.0.1:port` is refused (`ECONNREFUSED`): what a
/// client sees of a stopped listener. A plain socket, so that no HTTP client's
/// retries or error mapping stand between the test and the kernel's answer.
func connectionRefused(port: Int) -> Bool {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    return result != 0 && errno == ECONNREFUSED
}

/// Chaos settings from their JSON text (a test's literal).
func chaosSettings(_ json: String) throws -> ChaosConfiguration {
    try ChaosConfiguration(json: Data(json.utf8))
}

/// The decisions of `count` requests on `key`, header-less.
func decisions(_ engine: ChaosEngine, _ key: ChaosRouteKey, count: Int) throws -> [ChaosDecision] {
    try (0..<count).map { _ in try #require(try engine.decide(key)) }
}

/// The services run in process as `LocalServices` runs them, counting the starts
/// of their listener (the server's `onListening`): a test waits for the listener to
/// start again, after a chaos `refuse`, as an event.
final class ObservedServices: Sendable {
    /// The server: its services, its listener.
    let server: ServicesServer
    /// The port the listener bound first (and binds again).
    let port: Int
    /// `http://127.0.0.1:PORT`.
    let url: URL
    private let starts: WatchedState<Int>
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(server: ServicesServer, port: Int, starts: WatchedState<Int>, group: ServiceGroup, task: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.url = URL(string: "http://127.0.0.1:\(port)")!
        self.starts = starts
        self.group = group
        self.task = task
    }

    /// Starts the services and returns once the listener listens.
    static func start(_ configuration: ServicesConfiguration) async throws -> ObservedServices {
        let starts = WatchedState(0)
        let services = try ServicesApplication.open(configuration, logger: quietLogger)
        let server = ServicesServer(services: services, configuration: configuration, logger: quietLogger) { _ in
            starts.update { $0 += 1 }
        }
        let group = ServiceGroup(configuration: .init(services: [server], gracefulShutdownSignals: [], logger: quietLogger))
        let task = Task { try await group.run() }
        do {
            let port = try await server.waitUntilListening()
            return ObservedServices(server: server, port: port, starts: starts, group: group, task: task)
        } catch {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw error
        }
    }

    /// The chaos engine.
    var chaos: ChaosEngine? { server.services.chaos }

    /// Whether the listening socket is open.
    var isListening: Bool { server.isListening }

    /// Waits until the listener has started `count` times (the first at start):
    /// once it returns, the listener listens (or has stopped again since).
    @discardableResult
    func waitForStart(_ count: Int) async -> Bool {
        await starts.wait { $0 >= count }
    }

    /// Stops the services gracefully and waits for them.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
