import Foundation
import Ripple
import RippleFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The code of the Networking article (RippleFoundation's catalog), run against the
// loopback server: a service protocol, its HTTP client, and a ViewModel that sees
// only the protocol. Tests/DocumentationTests/NetworkingSamples.swift compiles the
// article's blocks and runs them without a server.

// Model/: what the ViewModel knows of the service.
struct SearchResults: Decodable {
    let query: String
    let names: [String]
}

enum SearchError: Error {
    case offline, invalidResponse
}

protocol RepositorySearching {
    func search(_ text: String) -> SignalProducer<SearchResults, SearchError>
}

// Clients/: the HTTP client, the only code that sees URLSession.
struct RepositoriesClient: RepositorySearching {
    let baseURL: URL
    let session: URLSession

    func search(_ text: String) -> SignalProducer<SearchResults, SearchError> {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "q", value: text)]
        return session.reactive.data(with: URLRequest(url: components.url!))
            .decoded(as: SearchResults.self)      // not 2xx, or not this JSON: a RequestError
            .mapError { error in
                if case .transport = error { .offline } else { .invalidResponse }
            }
    }
}

// ViewModels/: Ripple only. The newest search wins; the request it replaces is
// cancelled on the wire; a failed search shows nothing, and searching goes on.
final class RepositorySearchViewModel {
    let searchText = MutableProperty("")
    let names: Property<[String]>

    init(service: some RepositorySearching, scheduler: some DateScheduler) {
        names = Property(
            initial: [],
            then: searchText.signal
                .filter { $0.count > 3 }
                .throttle(1, on: scheduler)
                .flatMap(.latest) { text in
                    service.search(text)
                        .map(\.names)
                        .flatMapError { _ in SignalProducer(value: []) }
                }
        )
    }
}

@Suite(.timeLimit(.minutes(2))) struct NetworkingGuideTests {
    @Test func theViewModelSearchesThroughTheClient() async throws {
        try await withLoopback { server, session in
            let scheduler = TestScheduler()
            let client = RepositoriesClient(baseURL: server.url("/"), session: session)
            let viewModel = RepositorySearchViewModel(service: client, scheduler: scheduler)

            viewModel.searchText.value = "sw"          // too short: no request
            viewModel.searchText.value = "swift"       // searched on the scheduler's next tick
            await scheduler.advance()
            #expect(await viewModel.names.producer.filter { $0 == ["swift-core", "swift-tests"] }.first() != nil)

            viewModel.searchText.value = "swiftu"      // within the second: held back…
            viewModel.searchText.value = "swiftly"     // …and replaced
            await scheduler.advance(by: 1)
            #expect(await viewModel.names.producer.filter { $0 == ["swiftly-core", "swiftly-tests"] }.first() != nil)
            #expect(server.log.received == ["/search?q=swift", "/search?q=swiftly"])
        }
    }

    @Test func aFailedSearchShowsNothingAndSearchingGoesOn() async throws {
        try await withLoopback { server, session in
            let scheduler = TestScheduler()
            let client = RepositoriesClient(baseURL: server.url("/"), session: session)
            let viewModel = RepositorySearchViewModel(service: client, scheduler: scheduler)

            viewModel.searchText.value = "swift"
            await scheduler.advance()
            #expect(await viewModel.names.producer.filter { $0 == ["swift-core", "swift-tests"] }.first() != nil)
            viewModel.searchText.value = "failing"     // the service answers 503
            await scheduler.advance(by: 1)
            #expect(await viewModel.names.producer.filter { $0 == [] }.first() != nil)
            viewModel.searchText.value = "swiftly"
            await scheduler.advance(by: 1)
            #expect(await viewModel.names.producer.filter { $0 == ["swiftly-core", "swiftly-tests"] }.first() != nil)
        }
    }

    @Test func theClientTellsNoResponseFromABadOne() async throws {
        try await withLoopback { server, session in
            let offline = try RefusingPort()
            let refused = RepositoriesClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(offline.port)/")), session: session)
            let client = RepositoriesClient(baseURL: server.url("/"), session: session)
            let noResponse = EventLog<SearchResults, SearchError>()
            let badResponse = EventLog<SearchResults, SearchError>()

            refused.search("swift").start(noResponse.observer)
            client.search("failing").start(badResponse.observer)

            #expect(await noResponse.waitForEnd())
            #expect(await badResponse.waitForEnd())
            #expect(noResponse.error == .offline)
            #expect(badResponse.error == .invalidResponse)
        }
    }
}
