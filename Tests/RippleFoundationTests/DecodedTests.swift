import Foundation
import Ripple
import RippleFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `decoded(as:decoder:)`: a response's JSON body as a value; a failing status, a
/// body that is not JSON, or JSON that lacks a field, each fail the stream with a
/// `RequestError` that says which — never a trap.
@Suite(.timeLimit(.minutes(2))) struct DecodedTests {
    @Test func decodesTheBodyThenCompletes() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Repository, RequestError>()
            session.reactive.data(with: server.request("/repositories/7")).decoded(as: Repository.self).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.values == [Repository(name: "repository-7", stars: 7)])
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
        }
    }

    @Test func checksTheStatusBeforeDecoding() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Repository, RequestError>()
            session.reactive.data(with: server.request("/missing")).decoded(as: Repository.self).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.error?.statusCode == 404)
            #expect(log.error?.decodedBody(as: ErrorDocument.self)?.message == "no such repository")
        }
    }

    @Test func aMissingFieldFailsWithADecodingError() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Repository, RequestError>()
            session.reactive.data(with: server.request("/incomplete")).decoded(as: Repository.self).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.kinds() == ["FAILED"])
            guard case let .decoding(.keyNotFound(key, _), body) = log.error else {
                Issue.record("expected a missing key, got \(String(describing: log.error))")
                return
            }
            #expect(key.stringValue == "stars")
            #expect(body.text == #"{"name":"incomplete"}"#)
            #expect(log.error?.description.hasPrefix(#"undecodable response: missing key "stars""#) == true)
        }
    }

    @Test func aBodyThatIsNotJSONFailsWithADecodingError() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Repository, RequestError>()
            session.reactive.data(with: server.request("/not-json")).decoded(as: Repository.self).start(log.observer)

            #expect(await log.waitForEnd())
            guard case let .decoding(.dataCorrupted, body) = log.error else {
                Issue.record("expected corrupted data, got \(String(describing: log.error))")
                return
            }
            #expect(body.text.hasPrefix("<html>"))
        }
    }

    /// A type whose own decoding refuses a value, with an error of its own.
    struct PopularRepository: Decodable {
        struct Unpopular: Error {}
        init(from decoder: any Decoder) throws {
            let repository = try Repository(from: decoder)
            guard repository.stars >= 100 else { throw Unpopular() }
        }
    }

    @Test func anErrorOfTheTypesOwnDecodingIsKeptAsTheUnderlyingError() async throws {
        try await withLoopback { server, session in
            let log = EventLog<PopularRepository, RequestError>()
            session.reactive.data(with: server.request("/repositories/3")).decoded(as: PopularRepository.self).start(log.observer)

            #expect(await log.waitForEnd())
            guard case let .decoding(.dataCorrupted(context), _) = log.error else {
                Issue.record("expected corrupted data, got \(String(describing: log.error))")
                return
            }
            #expect(context.underlyingError is PopularRepository.Unpopular)
        }
    }

    @Test func theDecoderIsTheOneGiven() async throws {
        struct Starred: Decodable, Equatable {
            let repositoryName: String
        }
        try await withLoopback { server, session in
            var request = server.request("/echo")
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"repository_name":"ripple"}"#.utf8)
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let log = EventLog<Starred, RequestError>()
            session.reactive.data(with: request).decoded(as: Starred.self, decoder: decoder).start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.values == [Starred(repositoryName: "ripple")])
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
        }
    }

    @Test func decodesAfterAValidationOfItsOwn() async throws {
        try await withLoopback { server, session in
            let log = EventLog<ErrorDocument, RequestError>()
            session.reactive.data(with: server.request("/missing"))
                .validated(statusCodes: 404..<405)
                .decoded(as: ErrorDocument.self)
                .start(log.observer)

            #expect(await log.waitForEnd())
            #expect(log.values == [ErrorDocument(code: 404, message: "no such repository")])
            #expect(log.kinds() == ["VALUE", "COMPLETED"])
        }
    }

    @Test func disposingADecodedRunCancelsTheRequest() async throws {
        try await withLoopback { server, session in
            let log = EventLog<Repository, RequestError>()
            let run = session.reactive.data(with: server.request("/slow/8")).decoded(as: Repository.self).start(log.observer)
            #expect(await server.waitForLog { $0.received == ["/slow/8"] })

            run.dispose()

            #expect(log.kinds() == ["INTERRUPTED"])
            #expect(await server.waitForLog { $0.abandoned == ["/slow/8"] })
        }
    }
}
