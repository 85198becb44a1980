import Foundation
import Logging
import Services

// What the tests share: a temporary data directory, a quiet logger, and the local
// services started in process over small corpora (the todo routes need none, and
// the tweet and photo imports then cost next to nothing).

/// A new directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("todos-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The services' tests' fixtures (`Tests/ServicesTests/Fixtures/`), where they are
/// in the source tree.
let servicesFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("ServicesTests/Fixtures", isDirectory: true)

/// Errors only: the tests' output stays readable.
let quietLogger: Logger = {
    var logger = Logger(label: "todos-tests")
    logger.logLevel = .error
    return logger
}()

/// A configuration of the services on a free loopback port over `directory`, with
/// the fixture changelogs and one fixture folder of photos, and `chaos`.
func servicesConfiguration(
    directory: URL, fidelity: Fidelity = .corrected, chaos: ChaosConfiguration? = nil
) -> ServicesConfiguration {
    ServicesConfiguration(
        port: 0,
        dataDirectory: directory,
        fidelity: fidelity,
        tweetCorpus: .directory(servicesFixtures.appendingPathComponent("changelogs", isDirectory: true)),
        photoCorpus: .directories([servicesFixtures.appendingPathComponent("photos/meadow", isDirectory: true)]),
        passwordIterations: 1,
        chaos: chaos
    )
}

/// Runs `body` with the local services started in process (see
/// ``servicesConfiguration(directory:fidelity:chaos:)``) over `directory`, or else a
/// new one removed afterwards, and stops them afterwards.
func withTodoServices<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    directory: URL? = nil,
    fidelity: Fidelity = .corrected,
    chaos: ChaosConfiguration? = nil,
    _ body: (LocalServices) async throws -> Value
) async throws -> Value {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let configuration = servicesConfiguration(directory: directory ?? scratch.url, fidelity: fidelity, chaos: chaos)
    let services = try await LocalServices.start(configuration: configuration, logger: quietLogger)
    do {
        let value = try await body(services)
        await services.stop()
        return value
    } catch {
        await services.stop()
        throw error
    }
}
