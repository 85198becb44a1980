import AppsTestSupport
import Foundation
import Ripple
import Services
import Testing
import TwitterSearch
import TwitterSearchCore

/// The ViewModel on the real client and the real services (in process, on a free
/// loopback port, over the fixture corpus), in real time on a queue of its own:
/// typing searches, the rows carry the service's tweets and avatars; a search typed
/// during the index's first build says how far the build is and runs, unedited,
/// once the index is ready; a search typed while the server is not there runs once
/// it answers. Each test waits for the events it expects, never for a time.
@Suite(.timeLimit(.minutes(2)))
struct TwitterSearchIntegrationTests {
    /// Retries within a tenth of a second, so that a test waits little for them.
    static let quickRetries = RetryBackoff.exponential(initial: 0.02, maximum: 0.1)
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
            #expect(viewModel.isErrorHidden.value)
            let avatar = try #require(await rows[0].avatar.filter { $0 != nil }.first() ?? nil)
            #expect(avatar.width == 80 && avatar.height == 80)
        }
    }

    @Test func aSearchTypedDuringTheFirstImportSaysHowFarItIsAndRunsOnceTheIndexIsReady() async throws {
        let gated = GatedChangelogs(DirectoryChangelogs(directory: fixtureChangelogs))
        try await withLocalServices(corpus: TweetCorpus(source: gated), waitForImport: false) { services, directory in
            // Whatever happens, the import may end before the services stop.
            defer { gated.open() }
            let client = TwitterClient(baseURL: services.url, credentials: TwitterAppKey.read(fromDirectory: directory))
            let viewModel = TwitterSearchViewModel(
                searchService: client, avatarService: client, scheduler: scheduler, retryBackoff: Self.quickRetries)
            viewModel.searchText.value = "widget"
            let notice = await value(of: viewModel.noticeText) { !$0.isEmpty }
            #expect(notice == "Building the tweet index: 0 %. Your search runs when it is ready.")
            #expect(viewModel.isErrorHidden.value)
            #expect(viewModel.isSearching.value, "the spinner turns while the search waits")

            // The index gets built; nobody touches the query.
            gated.open()
            let rows = try #require(await value(of: viewModel.tweets) { !$0.isEmpty })
            #expect(rows.count == 4)
            #expect(viewModel.searchText.value == "widget")
            #expect(viewModel.isNoticeHidden.value && viewModel.isErrorHidden.value)
            #expect(await value(of: viewModel.isSearching) { !$0 } == false)
        }
    }

    @Test func aSearchTypedWhileTheServerIsNotThereRunsOnceItAnswers() async throws {
        // A first start writes the credentials and tells the port; then the server
        // goes away, and the same port refuses connections.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let corpus = TweetCorpus.directory(fixtureChangelogs)
        let first = try await LocalServices.start(
            dataDirectory: directory.url, port: 0, tweetCorpus: corpus, photoCorpus: .directories([]), logger: quietLogger
        )
        _ = await first.tweets.index.waitUntilIdle()
        let url = first.url
        await first.stop()

        let client = TwitterClient(baseURL: url, credentials: TwitterAppKey.read(fromDirectory: directory.url))
        let viewModel = TwitterSearchViewModel(
            searchService: client, avatarService: client, scheduler: scheduler, retryBackoff: Self.quickRetries)
        viewModel.searchText.value = "widget"
        let notice = await value(of: viewModel.noticeText) { !$0.isEmpty }
        #expect(notice == "The tweet service cannot be reached: trying again shortly.")

        // The server comes back on the same port; the query was never edited.
        let second = try await LocalServices.start(
            dataDirectory: directory.url, port: first.port, tweetCorpus: corpus, photoCorpus: .directories([]), logger: quietLogger
        )
        let rows = await value(of: viewModel.tweets) { !$0.isEmpty }
        let hidden = viewModel.isNoticeHidden.value
        await second.stop()
        #expect(rows?.count == 4)
        #expect(hidden, "the notice went with the answer")
    }

    @Test func withoutCredentialsTheScreenSaysThereIsNoAccount() async throws {
        try await withLocalServices { services, _ in
            let client = TwitterClient(baseURL: services.url, credentials: nil)
            let viewModel = TwitterSearchViewModel(searchService: client, avatarService: client, scheduler: scheduler)
            let message = await value(of: viewModel.errorText) { !$0.isEmpty }
            #expect(message == "No Twitter account: the app has no credentials (twitter-app.json).")
        }
    }
}
