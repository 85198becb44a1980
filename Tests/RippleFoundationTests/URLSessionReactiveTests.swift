import Foundation
import Ripple
import RippleFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `session.reactive.data(with:)` against a loopback server: one request per start,
/// one value then completion, failures as `URLError`, and cancellation of the task
/// whenever the run ends early.
@Suite(.timeLimit(.minutes(2))) struct URLSessionReactiveTests {
    typealias Response = (Data, URLResponse)

    @Test func sendsTheBodyAndResponseThenCompletes() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, URLError>()
            session.reactive.data(with: server.request("/repositories/1")).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
            let (data, response) = try #require(log.values.first)
            #expect(data.text == #"{"name":"repository-1","stars":1}"#)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.url == server.url("/repositories/1"))
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        }
    }

    @Test func eachStartSendsTheRequestAgain() async throws {
        try await withLoopback { server, session in
            let producer = session.reactive.data(with: server.request("/repositories/2"))
            let first = EventLog<Response, URLError>()
            let second = EventLog<Response, URLError>()

            producer.start(first.observer)
            #expect(await first.waitForEnd())
            producer.start(second.observer)
            #expect(await second.waitForEnd())

            #expect(first.kinds() == ["VALUE", "COMPLETED"])
            #expect(second.kinds() == ["VALUE", "COMPLETED"])
            #expect(server.log.received == ["/repositories/2", "/repositories/2"])
        }
    }

    @Test func aFailingStatusIsAValue() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, URLError>()
            session.reactive.data(with: server.request("/missing")).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
            let (data, response) = try #require(log.values.first)
            #expect((response as? HTTPURLResponse)?.statusCode == 404)
            #expect(data.text == #"{"code":404,"message":"no such repository"}"#)
        }
    }

    @Test func sendsTheRequestsMethodHeadersAndBody() async throws {
        try await withLoopback { server, session in
            var request = server.request("/echo")
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("content=Buy%20milk".utf8)
            let log = EventLog<Response, URLError>()
            session.reactive.data(with: request).start(log.observer)

            #expect(await log.waitForEnd())
            let (data, response) = try #require(log.values.first)
            let http = try #require(response as? HTTPURLResponse)
            #expect(data.text == "content=Buy%20milk")
            #expect(http.value(forHTTPHeaderField: "X-Method") == "POST")
            #expect(http.value(forHTTPHeaderField: "X-Content-Type") == "application/x-www-form-urlencoded")
        }
    }

    @Test func failsWithTheURLErrorWhenTheConnectionIsRefused() async throws {
        let port = try RefusingPort()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let log = EventLog<Response, URLError>()
        session.reactive.data(with: port.request("/repositories/1")).start(log.observer)

        #expect(await log.waitForEnd())
        #expect(log.kinds() == ["FAILED"])
        #expect(log.error?.code == .cannotConnectToHost)
    }

    @Test func failsWhenTheServerClosesTheConnectionWithoutAnAnswer() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, URLError>()
            session.reactive.data(with: server.request("/close")).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["FAILED"])
            #expect(log.error?.code == .badServerResponse)   // an empty reply
            #expect(server.log.received == ["/close"])
        }
    }

    @Test func disposingTheRunCancelsTheRequest() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, URLError>()
            let run = session.reactive.data(with: server.request("/slow/1")).start(log.observer)
            #expect(await server.waitForLog { $0.received == ["/slow/1"] })

            run.dispose()

            // Interrupted at once, on the disposing thread.
            #expect(log.kinds() == ["INTERRUPTED"])
            #expect(run.isDisposed)
            // The server sees the client go: the request was abandoned on the wire.
            #expect(await server.waitForLog { $0.abandoned == ["/slow/1"] })
            server.release("/slow/1")
            #expect(await server.waitForLog { $0.openConnections == 0 })
            #expect(log.kinds() == ["INTERRUPTED"])
            #expect(server.log.answered.isEmpty)
        }
    }

    @Test func theEndOfABoundingLifetimeCancelsTheRequest() async throws {
        try await withLoopback { server, session in
            let (lifetime, token) = Lifetime.make()
            let log = EventLog<Response, URLError>()
            session.reactive.data(with: server.request("/slow/2")).take(during: lifetime).start(log.observer)
            #expect(await server.waitForLog { $0.received == ["/slow/2"] })

            token.dispose()

            #expect(log.kinds() == ["COMPLETED"])
            #expect(await server.waitForLog { $0.abandoned == ["/slow/2"] })
        }
    }

    @Test func takeFirstAfterAValueEndsWithTheRequest() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, URLError>()
            session.reactive.data(with: server.request("/repositories/4")).take(first: 1).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
            #expect(server.log.answered == ["/repositories/4"])
        }
    }

    @Test func aRunLetsGoOfItsObserverOnceItEnds() async throws {
        try await withLoopback { server, session in
            let released = Watched<Set<String>>([])
            let answered = EventLog<Response, URLError>()
            let disposed = EventLog<Response, URLError>()
            do {
                let first = Witness { released.update { _ = $0.insert("answered") } }
                let second = Witness { released.update { _ = $0.insert("disposed") } }
                session.reactive.data(with: server.request("/repositories/1"))
                    .start { event in withExtendedLifetime(first) { answered.record(event) } }
                let run = session.reactive.data(with: server.request("/slow/1"))
                    .start { event in withExtendedLifetime(second) { disposed.record(event) } }
                #expect(await server.waitForLog { $0.received.contains("/slow/1") })
                run.dispose()
            }

            #expect(await answered.waitForEnd())
            #expect(disposed.kinds() == ["INTERRUPTED"])
            // Each run's observer, and what it holds, is released once the run has ended.
            #expect(await released.wait { $0 == ["answered", "disposed"] })
        }
    }

    @Test func aTaskCancelledByTheSessionInterruptsTheRun() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        let log = EventLog<Response, URLError>()
        session.reactive.data(with: server.request("/slow/3")).start(log.observer)
        #expect(await server.waitForLog { $0.received == ["/slow/3"] })

        session.invalidateAndCancel()

        #expect(await log.waitForEnd())
        #expect(log.kinds() == ["INTERRUPTED"])
        #expect(await server.waitForLog { $0.abandoned == ["/slow/3"] })
    }

    @Test func aRunDisposedBeforeItStartsSendsNoRequest() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, URLError>()
            let disposed = session.reactive.data(with: server.request("/slow/5")).startWithSignal { signal, interrupter in
                signal.observe(log.observer)
                interrupter.dispose()
                return interrupter
            }
            #expect(disposed.isDisposed)
            #expect(log.kinds() == ["INTERRUPTED"])

            // A request made after it is the first the server sees.
            let after = EventLog<Response, URLError>()
            session.reactive.data(with: server.request("/repositories/6")).start(after.observer)
            #expect(await after.waitForEnd())
            #expect(server.log.received == ["/repositories/6"])
        }
    }
}
