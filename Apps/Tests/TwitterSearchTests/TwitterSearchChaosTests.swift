import Foundation
import Ripple
import Services
import Testing
import TwitterSearch
import TwitterSearchCore

/// The ViewModel on the real client against the real services with chaos on the
/// search route: seeded failures come back the same for the same seed and searching
/// goes on after one; a slow answer keeps the spinner until it comes; a search that
/// never answers fails after the client's timeout, and the next one is sent.
@Suite(.timeLimit(.minutes(2)))
struct TwitterSearchChaosTests {
    static let searchRoute = "GET /1.1/search/tweets.json"
    let scheduler = QueueScheduler(name: "twitter-search-chaos-tests")

    func chaos(seed: UInt64, _ route: ChaosRoute) throws -> ChaosConfiguration {
        try ChaosConfiguration(seed: seed, routes: [Self.searchRoute: route])
    }

    /// Whether each of `count` searches in a row answered, with the client alone.
    func outcomes(seed: UInt64, count: Int) async throws -> [Bool] {
        try await withLocalServices(chaos: chaos(seed: seed, ChaosRoute(failures: [.unavailable: 0.5]))) { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            var answered: [Bool] = []
            for _ in 0..<count {
                do {
                    _ = try await client.search("widgets").first()
                    answered.append(true)
                } catch {
                    answered.append(false)
                }
            }
            return answered
        }
    }

    /// The first value of `property` (current or later) that satisfies `condition`.
    func value<Value: Sendable>(of property: Property<Value>, where condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await property.producer.filter(condition).first()
    }

    @Test func theSameSeedFailsTheSameSearches() async throws {
        let first = try await outcomes(seed: 20261125, count: 10)
        let again = try await outcomes(seed: 20261125, count: 10)
        #expect(first == again)
        #expect(first.contains(true) && first.contains(false), "half of the searches fail: \(first)")
    }

    @Test func afterASeededFailureTheNextSearchIsSentAndAnswers() async throws {
        let seed: UInt64 = 20261125
        let planned = try await outcomes(seed: seed, count: 10)
        let failing = try #require(planned.firstIndex(of: false))
        let answering = try #require(planned[failing...].firstIndex(of: true))
        try await withLocalServices(chaos: chaos(seed: seed, ChaosRoute(failures: [.unavailable: 0.5]))) { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            // Spend the draws before the failing one with the client, as the plan did.
            for _ in 0..<failing { _ = try? await client.search("widgets").first() }
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            viewModel.searchText.value = "widgets"
            let message = try #require(await value(of: viewModel.error) { $0 != nil } ?? nil)
            #expect(message.contains("HTTP 503"), "the provider's 503: \(message)")
            #expect(await value(of: viewModel.isSearching) { !$0 } == false, "the spinner stopped")
            for _ in (failing + 1)..<answering { _ = try? await client.search("widgets").first() }
            viewModel.searchText.value = "widget"
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(rows.count == 4)
            #expect(viewModel.error.value == nil)
        }
    }

    @Test func aSlowAnswerKeepsTheSpinnerUntilItComes() async throws {
        try await withLocalServices(chaos: chaos(seed: 1, ChaosRoute(latency: .fixed(.milliseconds(700))))) { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            let clock = ContinuousClock()
            let start = clock.now
            viewModel.searchText.value = "widgets"
            #expect(await value(of: viewModel.isSearching) { $0 } == true)
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(clock.now - start >= .milliseconds(700), "the answer waited for the latency")
            #expect(rows.count == 4)
            #expect(await value(of: viewModel.isSearching) { !$0 } == false)
        }
    }

    @Test func aSearchThatNeverAnswersFailsAfterTheTimeoutAndTheNextIsSent() async throws {
        try await withLocalServices(chaos: chaos(seed: 1, ChaosRoute(failures: [.hang: 1]))) { services, directory in
            let client = TwitterClient(
                baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory), timeout: 1
            )
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            let clock = ContinuousClock()
            let start = clock.now
            viewModel.searchText.value = "widgets"
            let message = try #require(await value(of: viewModel.error) { $0 != nil } ?? nil)
            let waited = clock.now - start
            #expect(waited >= .seconds(1) && waited < .seconds(10), "failed after the 1 s timeout, not before: \(waited)")
            #expect(message.hasPrefix("Invalid response: "), "\(message)")
            #expect(await value(of: viewModel.isSearching) { !$0 } == false, "the spinner stopped")
        }
    }
}
