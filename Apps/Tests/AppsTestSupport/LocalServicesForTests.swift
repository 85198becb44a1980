import Foundation
import Logging
import Services

// What the apps' test targets share: a temporary data directory, a quiet logger,
// the services' fixtures where they are in the source tree, and the local services
// started in process on a free loopback port over small corpora (the fixture
// changelogs, no photos, cheap password hashing), so that a test pays only for the
// service it talks to.
//
//     try await withTestServices { services, directory in
//         let client = TodoClient(baseURL: services.url, scheduler: scheduler)
//         …
//     }
//     try await withTestServices(configure: { $0.chaos = chaos }) { services, _ in … }

/// A new directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `<tmp>/<prefix>-<UUID>`.
    public init(prefix: String = "apps-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The services' tests' fixtures (`Tests/ServicesTests/Fixtures/`), read where they
/// are in the source tree.
public let servicesFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("ServicesTests/Fixtures", isDirectory: true)

/// The fixture changelogs: 13 tweets by 3 maintainers (their README lists them).
public let fixtureChangelogs = servicesFixtures.appendingPathComponent("changelogs", isDirectory: true)

/// A logger that keeps test output quiet (errors only).
public let quietLogger: Logger = {
    var logger = Logger(label: "apps-tests")
    logger.logLevel = .error
    return logger
}()

/// PBKDF2's iterations in tests: registrations stay cheap.
public let testPasswordIterations = 1_000

/// The services' configuration for tests: a free loopback port, `directory`, the
/// fixture changelogs, no photos, ``testPasswordIterations``.
public func testServicesConfiguration(directory: URL) -> ServicesConfiguration {
    ServicesConfiguration(
        port: 0,
        dataDirectory: directory,
        tweetCorpus: .directory(fixtureChangelogs),
        photoCorpus: .directories([]),
        passwordIterations: testPasswordIterations
    )
}

/// Runs `body` with the local services started in process over `directory` (by
/// default a new one, removed afterwards), configured by
/// ``testServicesConfiguration(directory:)`` then `configure`, and stops them
/// afterwards, whether `body` returns or throws.
public func withTestServices<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    directory: URL? = nil,
    configure: (inout ServicesConfiguration) -> Void = { _ in },
    _ body: (LocalServices, URL) async throws -> Value
) async throws -> Value {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    var configuration = testServicesConfiguration(directory: directory ?? scratch.url)
    configure(&configuration)
    let services = try await LocalServices.start(configuration: configuration, logger: quietLogger)
    do {
        let value = try await body(services, configuration.dataDirectory)
        await services.stop()
        return value
    } catch {
        await services.stop()
        throw error
    }
}
