import AppsTestSupport
import Foundation
import HummingbirdTesting
import Services
import Testing

/// Chaos that needs a real listener: hanging requests and a stopped listener, on
/// services started in process (and the command line's options). Each test waits
/// for events (a sleep begun on the test's clock, a request hanging, the listener
/// started again, the services stopped); the time limit only ends a test whose
/// event never comes.
@Suite("Chaos: the listener", .timeLimit(.minutes(2)))
struct ChaosListenerTests {
    private func configuration(
        _ directory: TemporaryDirectory, clock: ServicesClock = .system, chaos: ChaosConfiguration? = nil
    ) -> ServicesConfiguration {
        ServicesConfiguration(
            port: 0, dataDirectory: directory.url, clock: clock, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos,
            passwordIterations: testPasswordIterations, chaos: chaos
        )
    }

    private func start(
        _ directory: TemporaryDirectory, clock: ServicesClock = .system, chaos: ChaosConfiguration? = nil
    ) async throws -> LocalServices {
        try await LocalServices.start(configuration: configuration(directory, clock: clock, chaos: chaos))
    }

    @Test("stopListening: connections are refused; startListening: the same port answers again, the data kept")
    func stopAndStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let services = try await start(directory)
        let client = LoopbackClient()
        let list = services.url.appendingPathComponent("todos/list")
        #expect(try await client.postForm(list, "content=kept").status == 200)
        #expect(services.isListening)
        #expect(connectionRefused(port: services.port) == false)

        await services.stopListening()
        #expect(services.isListening == false)
        #expect(connectionRefused(port: services.port))
        await #expect(throws: (any Error).self) { _ = try await client.get(list) }

        try await services.startListening()
        #expect(services.isListening)
        let answer = try await client.get(list)
        #expect(answer.status == 200)
        #expect(try JSONDecoder().decode([Todo].self, from: answer.body).map(\.content) == ["kept"])

        // Again, and a stop while stopped changes nothing.
        await services.stopListening()
        await services.stopListening()
        #expect(connectionRefused(port: services.port))
        try await services.startListening()
        #expect(try await client.get(list).status == 200)
        await services.stop()
        #expect(connectionRefused(port: services.port))
    }

    @Test("fail=refuse: 503, then connections are refused until the clock passes `for`, then answers again")
    func refuseByHeader() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let services = try await ObservedServices.start(
            configuration(directory, clock: clock.servicesClock, chaos: try ChaosConfiguration(seed: 1))
        )
        let client = LoopbackClient()
        let list = services.url.appendingPathComponent("todos/list")

        let refused = try await client.get(list, headers: ["X-Ripple-Chaos": "fail=refuse; for=2s"])
        #expect(refused.status == 503)
        #expect(refused.text == #"{"error":"chaos: the listener stopped; connections are refused for 2s"}"#)
        #expect(connectionRefused(port: services.port))
        // The outage waits on the services' clock, not on real time: while its sleep
        // is pending, nothing can start the listener again.
        #expect(await clock.waitUntilSleeping(1))
        #expect(clock.requestedWaits == [.seconds(2)])
        clock.advance(by: .seconds(1))
        #expect(connectionRefused(port: services.port))
        #expect(clock.sleeping == 1)
        #expect(services.isListening == false)

        clock.advance(by: .seconds(1))
        #expect(clock.sleeping == 0)
        #expect(await services.waitForStart(2))
        #expect(services.isListening)
        #expect(try await client.get(list).status == 200)
        await services.stop()
    }

    @Test("A route setting's refuse stops the listener for its refuseFor")
    func refuseBySetting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let settings = try chaosSettings(#"{"routes": {"GET /todos": {"failures": {"refuse": 1}, "refuseFor": "30s"}}}"#)
        let services = try await ObservedServices.start(configuration(directory, clock: clock.servicesClock, chaos: settings))
        let client = LoopbackClient()
        #expect(try await client.get(services.url.appendingPathComponent("todos")).status == 503)
        #expect(connectionRefused(port: services.port))
        #expect(await clock.waitUntilSleeping(1))
        #expect(clock.requestedWaits == [.seconds(30)])
        clock.advance(by: .seconds(30))
        #expect(await services.waitForStart(2))
        #expect(try await client.get(services.url.appendingPathComponent("todos/list")).status == 200)
        await services.stop()
    }

    @Test("A hanging request does not hold the shutdown: it is answered 503 and the services stop")
    func hangDoesNotBlockShutdown() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let services = try await start(directory, chaos: try ChaosConfiguration(seed: 1))
        let chaos = try #require(services.chaos)
        let client = LoopbackClient()
        let url = services.url.appendingPathComponent("todos/list")
        let hanging = Task { try await client.get(url, headers: ["X-Ripple-Chaos": "fail=hang"]) }
        await chaos.waitUntilHanging(1)
        // A request sent after it is answered while it still hangs: a hang does not
        // end by itself.
        #expect(try await client.get(url).status == 200)
        #expect(chaos.hangingRequests == 1)

        let stopped = WatchedState(false)
        Task {
            await services.stop()
            stopped.update { $0 = true }
        }
        #expect(await stopped.wait { $0 }, "the services did not stop with a request hanging")
        let answer = try await hanging.value
        #expect(answer.status == 503)
        #expect(answer.text == #"{"error":"chaos: this request hung until the listener stopped"}"#)
        #expect(chaos.hangingRequests == 0)
    }

    @Test("A hanging request does not hold the shutdown of an application made by ServicesApplication.make either")
    func hangInMadeApplication() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = ServicesConfiguration(
            port: 0, dataDirectory: directory.url, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos,
            chaos: try ChaosConfiguration(seed: 1)
        )
        let services = try ServicesApplication.open(configuration, logger: quietLogger)
        let chaos = try #require(services.chaos)
        let app = ServicesApplication.make(services: services.all, configuration: configuration, logger: quietLogger, chaos: chaos)
        let finished = WatchedState<String?>(nil)
        Task {
            do {
                try await app.test(.live) { client in
                    // The test client has one connection: the hanging request is its last.
                    Task {
                        _ = try await client.execute(uri: "/todos/list", method: .get, headers: [ChaosEngine.headerName: "fail=hang"])
                    }
                    await chaos.waitUntilHanging(1)
                }
                finished.update { $0 = "stopped" }
            } catch {
                finished.update { $0 = "failed: \(error)" }
            }
        }
        #expect(await finished.wait { $0 != nil }, "the application did not stop")
        #expect(finished.value == "stopped")
        #expect(chaos.hangingRequests == 0)
    }

    @Test("stopListening releases hanging requests too; after a start, requests hang again")
    func hangReleasedByStopListening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let services = try await start(directory, chaos: try ChaosConfiguration(seed: 1))
        let chaos = try #require(services.chaos)
        let client = LoopbackClient()
        let url = services.url.appendingPathComponent("todos/list")

        let first = Task { try await client.get(url, headers: ["X-Ripple-Chaos": "fail=hang"]) }
        await chaos.waitUntilHanging(1)
        await services.stopListening()
        #expect(try await first.value.status == 503)

        try await services.startListening()
        let second = Task { try await client.get(url, headers: ["X-Ripple-Chaos": "fail=hang"]) }
        await chaos.waitUntilHanging(1)
        #expect(try await client.get(url).status == 200)
        await services.stop()
        #expect(try await second.value.status == 503)
    }

    @Test("ripple-services --chaos FILE --chaos-seed N: prints the settings, applies them, honours the header")
    func commandLine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let noImages = try TemporaryDirectory()
        defer { noImages.remove() }
        let file = directory.url.appendingPathComponent("chaos.json")
        try Data(#"{"seed": 1, "routes": {"GET /todos/list": {"failures": {"503": 1}}}}"#.utf8).write(to: file)
        let server = try ServerProcess(arguments: [
            "--port", "0", "--data-dir", directory.url.appendingPathComponent("data").path, "--tweets-corpus", fixtureChangelogs.path,
            "--photos", noImages.url.path, "--chaos", file.path, "--chaos-seed", "99",
        ])
        defer { server.kill() }
        let port = try await server.waitForPort()
        #expect(server.output.contains(
            "ripple-services chaos: \(file.path) (1 route setting), seed 99; X-Ripple-Chaos headers are honoured\n"
        ))
        let client = LoopbackClient()
        let base = URL(string: "http://127.0.0.1:\(port)")!
        #expect(try await client.get(base.appendingPathComponent("todos/list")).status == 503)
        #expect(try await client.get(base.appendingPathComponent("todos")).status == 200)
        #expect(try await client.get(base.appendingPathComponent("todos"), headers: ["X-Ripple-Chaos": "fail=429"]).status == 429)

        // A hanging request does not hold SIGTERM.
        let hanging = Task { try await client.get(base.appendingPathComponent("todos"), headers: ["X-Ripple-Chaos": "fail=hang"]) }
        try await server.waitForErrors("chaos: GET /todos → hang")
        server.signal(SIGTERM)
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(try await hanging.value.status == 503)
        #expect(server.errors.contains("chaos: GET /todos/list → 503"))
    }

    @Test("ripple-services --chaos with settings it cannot read: a usage error naming the fault")
    func commandLineBadSettings() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("chaos.json")
        try Data(#"{"routes": {"GET /todos/list": {"failures": {"503": 2}}}}"#.utf8).write(to: file)
        let server = try ServerProcess(arguments: ["--chaos", file.path, "--data-dir", directory.url.path])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(server.errors.contains(#"--chaos \#(file.path): routes["GET /todos/list"].failures.503 must be a number from 0 to 1"#))
    }
}
