import Foundation
import Services
import Synchronization
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

/// A flag one task sets and another reads.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    func set() {
        value.store(true, ordering: .releasing)
    }

    var isSet: Bool {
        value.load(ordering: .acquiring)
    }
}
