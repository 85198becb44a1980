import Foundation
import Ripple
import RippleFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests composed with Ripple's operators, as a ViewModel's pipeline composes
/// them: `flatMap(.latest)` cancels the request it replaces; `flatMap(.merge)` runs
/// many at once.
@Suite(.timeLimit(.minutes(2))) struct ComposedRequestsTests {
    @Test func flatMapLatestLeavesOnlyTheLastRequestAnswering() async throws {
        try await withLoopback { server, session in
            let (ids, input) = Signal<Int, Never>.pipe()
            let log = EventLog<Repository, RequestError>()
            ids.flatMap(.latest) { id in
                session.reactive.data(with: server.request("/slow/\(id)")).decoded(as: Repository.self)
            }
            .observe(log.observer)

            input.send(value: 1)
            #expect(await server.waitForLog { $0.received == ["/slow/1"] })
            input.send(value: 2)
            #expect(await server.waitForLog { $0.received == ["/slow/1", "/slow/2"] && $0.abandoned == ["/slow/1"] })
            input.send(value: 3)
            #expect(await server.waitForLog {
                $0.received == ["/slow/1", "/slow/2", "/slow/3"] && $0.abandoned == ["/slow/1", "/slow/2"]
            })
            for id in 1...3 { server.release("/slow/\(id)") }
            #expect(await log.waitForValues(1))
            input.sendCompleted()

            #expect(await log.waitForEnd())
            #expect(log.values == [Repository(name: "repository-3", stars: 3)])
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
            #expect(server.log.answered == ["/slow/3"])
        }
    }

    @Test func aSearchAsYouTypePipelineCancelsTheSearchesItReplaces() async throws {
        try await withLoopback { server, session in
            let searchText = MutableProperty("")
            let log = EventLog<Repository, Never>()
            // The seed's pipeline without the throttle: long enough text, the latest
            // search only, and a failed search does not end the stream.
            searchText.producer
                .filter { $0.count > 3 }
                .flatMap(.latest) { text in
                    session.reactive.data(with: server.request("/slow/\(text.count)"))
                        .decoded(as: Repository.self)
                        .flatMapError { _ in SignalProducer<Repository, Never>.empty }
                }
                .start(log.observer)

            searchText.value = "swi"       // too short: no request
            searchText.value = "swif"      // /slow/4
            #expect(await server.waitForLog { $0.received == ["/slow/4"] })
            searchText.value = "swift"     // /slow/5 replaces it
            #expect(await server.waitForLog { $0.abandoned == ["/slow/4"] && $0.received.count == 2 })
            server.release("/slow/4")
            server.release("/slow/5")

            #expect(await log.waitForValues(1))
            #expect(log.values == [Repository(name: "repository-5", stars: 5)])
            #expect(server.log.received == ["/slow/4", "/slow/5"])
            #expect(server.log.answered == ["/slow/5"])
        }
    }

    @Test func manyRequestsInFlightAtOnceAllAnswer() async throws {
        let count = 24
        let server = try LoopbackServer()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = count
        let session = URLSession(configuration: configuration)
        defer {
            session.invalidateAndCancel()
            server.stop()
        }
        let log = EventLog<[Int], RequestError>()
        SignalProducer(0..<count)
            .flatMap(.merge) { id in
                session.reactive.data(with: server.request("/slow/\(id)")).decoded(as: Repository.self)
            }
            .map(\.stars)
            .collect()
            .start(log.observer)

        // Every request reaches the server before any is answered: all in flight at once.
        #expect(await server.waitForLog { $0.received.count == count })
        for id in (0..<count).reversed() { server.release("/slow/\(id)") }

        #expect(await log.waitForEnd())
        #expect(log.kinds() == ["VALUE", "COMPLETED"])
        #expect(log.values.first?.sorted() == Array(0..<count))
        #expect(server.log.answered.count == count)
    }

    @Test func manyRequestsMergedAllAnswer() async throws {
        try await withLoopback { server, session in
            let count = 100
            let log = EventLog<[Int], RequestError>()
            SignalProducer(0..<count)
                .flatMap(.merge) { id in
                    session.reactive.data(with: server.request("/repositories/\(id)")).decoded(as: Repository.self)
                }
                .map(\.stars)
                .collect()
                .start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
            #expect(log.values.first?.sorted() == Array(0..<count))
            #expect(Set(server.log.answered).count == count)
        }
    }
}
