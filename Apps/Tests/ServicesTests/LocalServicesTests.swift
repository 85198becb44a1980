import AppsTestSupport
import Foundation
import Services
import Testing

/// The in-process start (`LocalServices.start`) with a real HTTP client.
@Suite("Local services in process")
struct LocalServicesTests {
    @Test("start on port 0 binds a free loopback port and answers GET /todos/list")
    func startsOnAFreePort() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let services = try await LocalServices.start(dataDirectory: directory.url, port: 0, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos)
        let client = LoopbackClient()
        let answer = try await client.get(services.url.appendingPathComponent("todos/list"))
        await services.stop()
        #expect(services.port > 0)
        #expect(services.url.absoluteString == "http://127.0.0.1:\(services.port)")
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/json; charset=utf-8")
        #expect(answer.text == "[]")
    }

    @Test("todos persist across a restart on the same data directory")
    func persistsAcrossRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = LoopbackClient()

        let first = try await LocalServices.start(dataDirectory: directory.url, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos)
        let created = try await client.postForm(first.url.appendingPathComponent("todos/list"), "content=survives")
        #expect(created.status == 200)
        let todo = try JSONDecoder().decode(Todo.self, from: created.body)
        await first.stop()

        let second = try await LocalServices.start(dataDirectory: directory.url, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos)
        let list = try await client.get(second.url.appendingPathComponent("todos/list"))
        await second.stop()
        #expect(try JSONDecoder().decode([Todo].self, from: list.body) == [todo])
    }

    @Test("a port already in use fails the start with an error, not a hang")
    func portInUse() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await LocalServices.start(dataDirectory: directory.url, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos)
        let other = try TemporaryDirectory()
        defer { other.remove() }
        await #expect(throws: (any Error).self) {
            let second = try await LocalServices.start(dataDirectory: other.url, port: first.port, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos)
            await second.stop()
        }
        await first.stop()
    }
}
