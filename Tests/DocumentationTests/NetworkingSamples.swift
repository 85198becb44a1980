import Foundation
import Ripple
import RippleFoundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The samples of the Networking article (RippleFoundation's catalog), compiled and
// run without a server: the ViewModel with a stub service, the client against a port
// that refuses connections. Tests/RippleFoundationTests/NetworkingGuideTests.swift runs
// the same client and ViewModel against a loopback HTTP server.

enum NetworkingArticle {
    // Model/: what the ViewModel knows of the service.
    struct SearchResults: Decodable {
        let query: String
        let names: [String]
    }

    enum SearchError: Error {
        case offline, invalidResponse
    }

    protocol RepositorySearching {                         // Model/
        func search(_ text: String) -> SignalProducer<SearchResults, SearchError>
    }

    struct RepositoriesClient: RepositorySearching {       // Clients/
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

    final class RepositorySearchViewModel {                 // ViewModels/: Ripple only
        let searchText = MutableProperty("")
        let names: Property<[String]>

        init(service: some RepositorySearching, scheduler: some DateScheduler) {
            names = Property(
                initial: [],
                then: searchText.signal
                    .filter { $0.count > 3 }
                    .throttle(1, on: scheduler)
                    .flatMap(.latest) { text in               // the search it replaces is cancelled on the wire
                        service.search(text)
                            .map(\.names)
                            .flatMapError { _ in SignalProducer(value: []) }   // a failed search shows nothing; searching goes on
                    }
            )
        }
    }

    /// A service that answers at once: two names for any text, a failure for
    /// "failing"; it records what was searched.
    final class StubSearch: RepositorySearching {
        var searched: [String] = []

        func search(_ text: String) -> SignalProducer<SearchResults, SearchError> {
            searched.append(text)
            if text == "failing" { return SignalProducer(error: .invalidResponse) }
            return SignalProducer(value: SearchResults(query: text, names: ["\(text)-core", "\(text)-tests"]))
        }
    }

    /// What the notification sample calls.
    final class Coordinator {
        var loginsShown = 0
        func showLogin() { loginsShown += 1 }
    }

    /// A loopback port with a socket bound to it that does not listen: connecting is
    /// refused at once, so a request there gets no response.
    final class RefusedPort {
        let port: Int
        private let descriptor: Int32

        init() throws {
            #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            try #require(descriptor >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
                }
            }
            if !bound { close(descriptor) }
            try #require(bound)
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit {
            close(descriptor)
        }
    }
}

extension Notification.Name {
    fileprivate static let sessionDidExpire = Notification.Name("NetworkingArticle.sessionDidExpire")
}

@Suite("The Networking article's samples")
struct NetworkingSamples {
    typealias SearchResults = NetworkingArticle.SearchResults
    typealias RepositorySearchViewModel = NetworkingArticle.RepositorySearchViewModel
    typealias StubSearch = NetworkingArticle.StubSearch

    @Test("a request that gets no response fails with a transport error, which the client calls offline")
    func aRequestWithNoResponse() async throws {
        let refused = try NetworkingArticle.RefusedPort()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(refused.port)/search")))

        let results = session.reactive.data(with: request)   // SignalProducer<(Data, URLResponse), URLError>
            .decoded(as: SearchResults.self)                  // SignalProducer<SearchResults, RequestError>

        let failure = await results.materialize().collected()?.last
        guard case .failed(.transport)? = failure else {
            Issue.record("expected a transport failure, got \(String(describing: failure))")
            return
        }
        let client = NetworkingArticle.RepositoriesClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(refused.port)/")), session: session)
        let clientFailure = await client.search("swift").materialize().collected()?.last
        guard case .failed(.offline)? = clientFailure else {
            Issue.record("expected .offline, got \(String(describing: clientFailure))")
            return
        }
    }

    @Test("the ViewModel searches after the scheduler's tick, once the text is long enough")
    func theViewModelSearches() {
        let scheduler = TestScheduler()
        let viewModel = RepositorySearchViewModel(service: StubSearch(), scheduler: scheduler)
        viewModel.searchText.value = "sw"        // too short: no search
        viewModel.searchText.value = "swift"     // searched on the scheduler's next tick
        scheduler.advance()
        #expect(viewModel.names.value == ["swift-core", "swift-tests"])

        viewModel.searchText.value = "swiftu"    // within the second: held back…
        viewModel.searchText.value = "swiftly"   // …and replaced
        scheduler.advance(by: 0.5)
        #expect(viewModel.names.value == ["swift-core", "swift-tests"])
        scheduler.advance(by: 0.5)
        #expect(viewModel.names.value == ["swiftly-core", "swiftly-tests"])
    }

    @Test("a search too short is never sent")
    func aShortSearchIsNotSent() {
        let stub = StubSearch()
        let scheduler = TestScheduler()
        let viewModel = RepositorySearchViewModel(service: stub, scheduler: scheduler)
        viewModel.searchText.value = "sw"
        viewModel.searchText.value = "swi"
        scheduler.advance(by: 2)
        #expect(stub.searched == [])
        #expect(viewModel.names.value == [])
    }

    @Test("a failed search shows nothing, and searching goes on")
    func aFailedSearchShowsNothing() {
        let scheduler = TestScheduler()
        let viewModel = RepositorySearchViewModel(service: StubSearch(), scheduler: scheduler)
        viewModel.searchText.value = "failing"
        scheduler.advance()
        #expect(viewModel.names.value == [])
        viewModel.searchText.value = "swiftly"
        scheduler.advance(by: 1)
        #expect(viewModel.names.value == ["swiftly-core", "swiftly-tests"])
    }

    @Test("notifications reach the observer until the lifetime ends")
    func notifications() {
        let coordinator = NetworkingArticle.Coordinator()
        let (lifetime, token) = Lifetime.make()

        NotificationCenter.default.reactive.notifications(forName: .sessionDidExpire)
            .take(during: lifetime)
            .observeValues { _ in coordinator.showLogin() }

        NotificationCenter.default.post(name: .sessionDidExpire, object: nil)
        #expect(coordinator.loginsShown == 1)
        token.dispose()
        NotificationCenter.default.post(name: .sessionDidExpire, object: nil)
        #expect(coordinator.loginsShown == 1)
    }
}
