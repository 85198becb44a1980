import Foundation
import Ripple
import RippleFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `validated(statusCodes:)`: a response passes if its status is accepted; any other
/// status fails the stream with the status and the body, and a request with no
/// response fails with its `URLError`.
@Suite(.timeLimit(.minutes(2))) struct ValidatedTests {
    typealias Response = (Data, URLResponse)

    @Test func anAcceptedStatusPasses() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, RequestError>()
            session.reactive.data(with: server.request("/repositories/1")).validated().start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds { $0.0.text } == [#"VALUE {"name":"repository-1","stars":1}"#, "COMPLETED"])
            #expect((log.values.first?.1 as? HTTPURLResponse)?.statusCode == 200)
        }
    }

    @Test func aNotFoundFailsWithTheStatusAndTheBody() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, RequestError>()
            session.reactive.data(with: server.request("/missing")).validated().start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["FAILED"])
            guard case let .status(code, body) = log.error else {
                Issue.record("expected a status failure, got \(String(describing: log.error))")
                return
            }
            #expect(code == 404)
            #expect(body.text == #"{"code":404,"message":"no such repository"}"#)
            #expect(log.error?.decodedBody(as: ErrorDocument.self) == ErrorDocument(code: 404, message: "no such repository"))
        }
    }

    @Test func aServiceUnavailableFailsWithItsTextBody() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, RequestError>()
            session.reactive.data(with: server.request("/unavailable")).validated().start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.error?.statusCode == 503)
            #expect(log.error?.description == "HTTP 503: Service Unavailable: try again later")
            #expect(log.error?.localizedDescription == "HTTP 503: Service Unavailable: try again later")
            #expect(log.error?.decodedBody(as: ErrorDocument.self) == nil)
        }
    }

    @Test func theAcceptedStatusesCanBeChosen() async throws {
        try await withLoopback { server, session in
            let notFound = EventLog<Response, RequestError>()
            let found = EventLog<Response, RequestError>()
            session.reactive.data(with: server.request("/missing")).validated(statusCodes: 404..<405).start(notFound.observer)
            session.reactive.data(with: server.request("/repositories/2")).validated(statusCodes: 404..<405).start(found.observer)

            #expect(await notFound.waitForEnd())
            #expect(await found.waitForEnd())
            #expect(notFound.kinds() == ["VALUE", "COMPLETED"])
            #expect(found.error?.statusCode == 200)
        }
    }

    @Test func noResponseFailsWithTheTransportError() async throws {
        let port = try RefusingPort()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let log = EventLog<Response, RequestError>()
        session.reactive.data(with: port.request("/repositories/1")).validated().start(log.observer)

        #expect(await log.waitForEnd())
        guard case let .transport(error) = log.error else {
            Issue.record("expected a transport failure, got \(String(describing: log.error))")
            return
        }
        #expect(error.code == .cannotConnectToHost)
        #expect(log.error?.statusCode == nil)
        #expect(log.error?.description.hasPrefix("no response: ") == true)
    }

    @Test func aResponseThatIsNotHTTPPasses() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let log = EventLog<Response, RequestError>()
        let request = URLRequest(url: try #require(URL(string: "data:text/plain;base64,SGVsbG8=")))
        session.reactive.data(with: request).validated().start(log.observer)

        #expect(await log.waitForEnd())
        #expect(log.kinds { $0.0.text } == ["VALUE Hello", "COMPLETED"])
        #expect(log.values.first.map { $0.1 is HTTPURLResponse } == false)
    }

    @Test func disposingAValidatedRunCancelsTheRequest() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Response, RequestError>()
            let run = session.reactive.data(with: server.request("/slow/1")).validated().start(log.observer)
            #expect(await server.waitForLog { $0.received == ["/slow/1"] })

            run.dispose()

            #expect(log.kinds() == ["INTERRUPTED"])
            #expect(await server.waitForLog { $0.abandoned == ["/slow/1"] })
        }
    }
}
