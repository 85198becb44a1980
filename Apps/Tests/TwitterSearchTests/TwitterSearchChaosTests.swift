import Foundation
import Ripple
import Services
import Testing
import TwitterSearch
import TwitterSearchCore

/// The ViewModel on the real client against the real services with chaos on the
/// search route: seeded failures come back the same for the same seed, and a search
/// that met the provider's 503 is sent again until it answers; a slow answer keeps
/// the spinner until it comes; a search that never answers times out, says so, and
/// is sent again. Each test waits for events (a value, a request, a sleep), never
/// for a time.
@Suite(.timeLimit(.minutes(2)))
struct TwitterSearchChaosTests {
    static let searchRoute = "GET /1.1/search/tweets.json"
    /// Retries within a tenth of a second, so that a test waits little for them.
    static let quickRetries = RetryBackoff.exponential(initial: 0.02, maximum: 0.1)
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

    @Test func theProvidersOverCapacityIsNotReadyWithoutProgress() async throws {
        try await withLocalServices(chaos: chaos(seed: 1, ChaosRoute(failures: [.unavailable: 1]))) { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            await #expect(throws: TwitterSearchError.notReady(progress: nil)) { try await client.search("widgets").first() }
        }
    }

    @Test func afterTheProvidersOverCapacityTheSearchIsSentAgainUntilItAnswers() async throws {
        let seed: UInt64 = 20261125
        let planned = try await outcomes(seed: seed, count: 10)
        let failing = try #require(planned.firstIndex(of: false))
        let answering = try #require(planned[failing...].firstIndex(of: true))
        try await withLocalServices(chaos: chaos(seed: seed, ChaosRoute(failures: [.unavailable: 0.5]))) { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            // Spend the draws before the failing one with the client, as the plan did.
            for _ in 0..<failing { _ = try? await client.search("widgets").first() }
            let searches = CountingSearches(client)
            let viewModel = TwitterSearchViewModel(
                searchService: searches, avatarService: client, scheduler: scheduler, retryBackoff: Self.quickRetries)
            let notices = ValueLog(viewModel.noticeText)
            viewModel.searchText.value = "widgets"
            // The same query is sent after each 503 until the plan's next answer.
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(rows.count == 4)
            #expect(searches.count == answering - failing + 1, "one search for each draw up to the answer")
            #expect(notices.values.contains("The tweet service is busy: trying again shortly."))
            #expect(viewModel.isErrorHidden.value && viewModel.isNoticeHidden.value)
            #expect(await value(of: viewModel.isSearching) { !$0 } == false, "the spinner stopped")
        }
    }

    @Test func aSlowAnswerKeepsTheSpinnerUntilItComes() async throws {
        let held = HeldSleeps()
        defer { held.release() }
        try await withLocalServices(chaos: chaos(seed: 1, ChaosRoute(latency: .fixed(.milliseconds(700)))), clock: held.clock) {
            services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            var sleeps = held.sleeps.makeAsyncIterator()
            viewModel.searchText.value = "widgets"
            // The service holds the search for its latency: the spinner turns, no rows yet.
            #expect(await sleeps.next() == .milliseconds(700))
            #expect(await value(of: viewModel.isSearching) { $0 } == true)
            #expect(viewModel.tweets.value.isEmpty)
            held.release()
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(rows.count == 4)
            #expect(await value(of: viewModel.isSearching) { !$0 } == false)
        }
    }

    @Test func aSearchThatNeverAnswersTimesOutSaysSoAndIsSentAgain() async throws {
        try await withLocalServices(chaos: chaos(seed: 1, ChaosRoute(failures: [.hang: 1]))) { services, directory in
            let client = TwitterClient(
                baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory), timeout: 0.5
            )
            let searches = CountingSearches(client)
            let viewModel = TwitterSearchViewModel(
                searchService: searches, avatarService: client, scheduler: scheduler, retryBackoff: Self.quickRetries)
            viewModel.searchText.value = "widgets"
            let notice = await value(of: viewModel.noticeText) { !$0.isEmpty }
            #expect(notice == "The tweet service did not answer in time: trying again shortly.")
            #expect(viewModel.isErrorHidden.value)
            // The timed-out search is sent again: a second one starts.
            await searches.waitForSearch(number: 2)
            #expect(viewModel.isSearching.value, "the spinner turns while the search waits")
            viewModel.searchText.value = ""
            #expect(await value(of: viewModel.isSearching) { !$0 } == false, "a clear stops the retries")
        }
    }
}
