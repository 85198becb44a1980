import AppsTestSupport
import Foundation
import Ripple
import Services
import Testing
import TwitterSearch
import TwitterSearchCore

/// The ViewModel on the real client and the real services (in process, on a free
/// loopback port, over the fixture corpus), in real time on a queue of its own:
/// typing searches, the rows carry the service's tweets and avatars, a search
/// during the index's first build fails with the service's message, and the next
/// one, once the index is ready, answers.
@Suite(.timeLimit(.minutes(2)))
struct TwitterSearchIntegrationTests {
    let scheduler = QueueScheduler(name: "twitter-search-integration-tests")

    /// The first value of `property` (current or later) that satisfies `condition`.
    func value<Value: Sendable>(of property: Property<Value>, where condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await property.producer.filter(condition).first()
    }

    @Test func typingSearchesTheServiceAndTheRowsShowItsTweets() async throws {
        try await withLocalServices { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            viewModel.searchText.value = "quux viewer"
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(rows.map(\.status) == ["Add a widget to the quux viewer."])
            #expect(rows.map(\.username) == ["dave.maint+debian"])
            #expect(viewModel.queryExecutionTime.value.hasPrefix("Execution time: "))
            #expect(await value(of: viewModel.isSearching) { !$0 } == false)
            #expect(viewModel.error.value == nil)
            let avatar = try #require(await rows[0].avatar.filter { $0 != nil }.first() ?? nil)
            #expect(avatar.width == 80 && avatar.height == 80)
        }
    }

    @Test func aSearchDuringTheFirstImportFailsAndTheNextOneAnswers() async throws {
        let gated = GatedChangelogs(DirectoryChangelogs(directory: fixtureChangelogs))
        try await withLocalServices(corpus: TweetCorpus(source: gated), waitForImport: false) { services, directory in
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            viewModel.searchText.value = "widget"
            let message = try #require(await value(of: viewModel.error) { $0 != nil } ?? nil)
            #expect(message.hasPrefix("Invalid response: HTTP 503: Over capacity: the tweet index is being built"))
            #expect(await value(of: viewModel.isSearching) { !$0 } == false, "the spinner stopped")

            gated.open()
            _ = await services.tweets.index.waitUntilIdle()
            viewModel.searchText.value = "widgets"
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(rows.count == 4)
            #expect(viewModel.error.value == nil)
        }
    }

    @Test func withoutCredentialsTheScreenSaysThereIsNoAccount() async throws {
        try await withLocalServices { services, _ in
            let client = TwitterClient(baseURL: services.url, credentials: nil)
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            let message = await value(of: viewModel.error) { $0 != nil }
            #expect(message == "No Twitter account: the app has no credentials (twitter-app.json).")
        }
    }
}
