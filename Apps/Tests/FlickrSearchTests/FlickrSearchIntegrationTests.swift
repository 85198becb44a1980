import AppClients
import AppImages
import AppsTestSupport
import FlickrSearch
import FlickrSearchCore
import Foundation
import Ripple
import Services
import Synchronization
import Testing

/// Runs `body` with the local services in process over the services' fixture photos
/// (their import finished), with `chaos` if given, on `clock`.
func withFlickrServices<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    chaos: ChaosConfiguration? = nil,
    clock: ServicesClock = .system,
    _ body: (LocalServices, FlickrClient) async throws -> Value
) async throws -> Value {
    try await withTestServices(configure: { configuration in
        configuration.photoCorpus = .directories([servicesFixtures.appendingPathComponent("photos", isDirectory: true)])
        configuration.chaos = chaos
        configuration.clock = clock
    }) { services, directory in
        _ = await services.photos.library.waitUntilIdle()
        let client = FlickrClient(baseURL: services.url, key: FlickrAppKey.read(fromDirectory: directory),
                                  scheduler: QueueScheduler(name: "flickr-integration-client"))
        return try await body(services, client)
    }
}

/// The app's client and ViewModels against the real services in process, over the
/// services' fixture photos: a search end to end (results, thumbnails decoded,
/// counts at zero, the recent searches in their JSON file and read back by the next
/// run; a corrupt file starts empty), then chaos on the two metadata calls:
/// seeded failures come back the same for the same seed and strike the two calls
/// independently; a row whose favourites fail shows no counts; a held comments call
/// keeps both counts back until it answers. Each test waits for events, never for a
/// time.
@Suite(.timeLimit(.minutes(2)))
struct FlickrSearchIntegrationTests {
    let scheduler = QueueScheduler(name: "flickr-integration-tests")

    /// The first value of `property` (current or later) that satisfies `condition`.
    func value<Value: Sendable>(of property: Property<Value>, where condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await property.producer.filter(condition).first()
    }

    @Test func aSearchFindsTheFixturePhotoWithAThumbnailAndCountsAtZero() async throws {
        try await withFlickrServices { services, client in
            let results = try #require(try await client.search("harbour").first())
            #expect(results.totalResults == 1)
            let photo = try #require(results.photos.first)
            #expect(photo.title == "Harbour at Night")
            let loader = ImageLoader(connection: ServiceConnection(baseURL: services.url, scheduler: scheduler),
                                     decodeScheduler: QueueScheduler(name: "flickr-integration-images"))
            let url = try #require(photo.thumbnailURL)
            let image = try #require(try await loader.image(at: url).first())
            #expect(image.width == 240 && image.height == 150, "Flickr's size m: 240 pixels on the longer side")
            #expect(try await client.favourites(ofPhoto: photo.id).first() == 0)
            #expect(try await client.comments(onPhoto: photo.id).first() == 0)
            #expect(try await client.search("zebra").first()?.totalResults == 0)
            await #expect(throws: FlickrSearchError.failed(status: 404, code: 1, message: "Photo not found")) {
                try await client.favourites(ofPhoto: "999").first()
            }
        }
    }

    @Test func theRecentSearchesLiveInTheirFileAndTheNextRunReadsThem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await withFlickrServices { _, client in
            let first = FlickrSearchViewModel(search: client, metadata: client, store: RecentSearchFile(directory: directory.url),
                                              scheduler: scheduler)
            first.searchText.value = "harbour"
            first.executeSearch.apply().start()
            let results = try #require(await value(of: first.shownResults) { $0 != nil } ?? nil)
            #expect(results.title == "harbour" && results.items.map(\.title) == ["Harbour at Night"])
            let next = FlickrSearchViewModel(search: client, metadata: client, store: RecentSearchFile(directory: directory.url),
                                             scheduler: scheduler)
            #expect(next.recentSearches.value.map(\.searchText) == ["harbour"])
            #expect(next.recentSearches.value.first?.totalResultsText == "1")
            #expect(next.recentSearches.value.first?.thumbnailURL == results.items.first?.thumbnailURL)
        }
    }

    @Test func aCorruptFileStartsEmptyWithANoteAndTheNextSearchWritesItAnew() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = RecentSearchFile(directory: directory.url)
        try Data("{ not json".utf8).write(to: file.url)
        try await withFlickrServices { _, client in
            let viewModel = FlickrSearchViewModel(search: client, metadata: client, store: file, scheduler: scheduler)
            #expect(viewModel.recentSearches.value.isEmpty)
            #expect(viewModel.storeNote.value == "The recent searches could not be read (\(file.url.path) is not a list of searches): starting with none.")
            viewModel.searchText.value = "harbour"
            viewModel.executeSearch.apply().start()
            _ = await value(of: viewModel.shownResults) { $0 != nil }
            #expect(file.load().map { $0.map(\.searchText) } == .success(["harbour"]))
        }
    }

    // MARK: Chaos on the two metadata calls

    static let favouritesRoute = "GET /services/rest?method=flickr.photos.getFavorites"
    static let infoRoute = "GET /services/rest?method=flickr.photos.getInfo"

    /// Whether each of `count` combined fetches in a row answered (`"ok"`) or which
    /// call failed (`"f"`, `"c"`, or `"fc"` for both), each call waited for alone.
    func outcomes(seed: UInt64, count: Int) async throws -> [String] {
        let chaos = try ChaosConfiguration(seed: seed, routes: [
            Self.favouritesRoute: ChaosRoute(failures: [.unavailable: 0.4]),
            Self.infoRoute: ChaosRoute(failures: [.unavailable: 0.4]),
        ])
        return try await withFlickrServices(chaos: chaos) { _, client in
            var outcomes: [String] = []
            for _ in 0..<count {
                let favourites = (try? await client.favourites(ofPhoto: "2").first()) != nil
                let comments = (try? await client.comments(onPhoto: "2").first()) != nil
                outcomes.append(favourites && comments ? "ok" : (favourites ? "" : "f") + (comments ? "" : "c"))
            }
            return outcomes
        }
    }

    @Test func theSameSeedFailsTheSameCallsAndTheTwoRoutesFailIndependently() async throws {
        let first = try await outcomes(seed: 20261128, count: 12)
        let again = try await outcomes(seed: 20261128, count: 12)
        #expect(first == again)
        #expect(first.contains("ok"), "\(first)")
        #expect(first.contains("f") || first.contains("c"), "one call failing while the other answers: \(first)")
    }

    @Test func aRowWhoseFavouritesFailShowsNoCountsAndTheSearchGoesOn() async throws {
        let chaos = try ChaosConfiguration(seed: 1, routes: [Self.favouritesRoute: ChaosRoute(failures: [.unavailable: 1])])
        try await withFlickrServices(chaos: chaos) { _, client in
            let metadata = EndedCalls(client)
            let item = SearchResultsItemViewModel(photo: FlickrPhoto(id: "2", title: "Harbour at Night", thumbnailURL: nil),
                                                  metadata: metadata, scheduler: scheduler)
            item.isVisible.value = true
            await metadata.waitUntilEnded(favourites: 1)
            await scheduler.drained()
            #expect(item.favourites.value == nil && item.comments.value == nil)
            #expect(item.areCountsHidden.value)
            let viewModel = FlickrSearchViewModel(search: client, metadata: metadata, store: RecentSearchesInMemory(),
                                                  scheduler: scheduler)
            viewModel.searchText.value = "harbour"
            viewModel.executeSearch.apply().start()
            #expect(await value(of: viewModel.shownResults) { $0 != nil }??.title == "harbour")
        }
    }

    @Test func aHeldCommentsCallKeepsBothCountsBackUntilItAnswers() async throws {
        let held = HeldLatency()
        defer { held.release() }
        let chaos = try ChaosConfiguration(seed: 1, routes: [Self.infoRoute: ChaosRoute(latency: .fixed(.milliseconds(1)))])
        try await withFlickrServices(chaos: chaos, clock: held.clock) { _, client in
            let metadata = EndedCalls(client)
            let item = SearchResultsItemViewModel(photo: FlickrPhoto(id: "2", title: "Harbour at Night", thumbnailURL: nil),
                                                  metadata: metadata, scheduler: scheduler)
            item.isVisible.value = true
            await held.requestHeld()
            await metadata.waitUntilEnded(favourites: 1)
            await scheduler.drained()
            #expect(item.favourites.value == nil, "the favourites came, the comments are held: nothing shows")
            held.release()
            #expect(await value(of: item.favourites) { $0 != nil } == 0)
            #expect(item.comments.value == 0)
        }
    }
}

/// A metadata service that forwards to another and counts the calls that ended
/// (answered or failed), so that a test can wait for them.
final class EndedCalls<Inner: FlickrMetadataService>: FlickrMetadataService {
    private let inner: Inner
    private let state = Mutex(State())

    private struct State {
        var favourites = 0
        var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    init(_ inner: Inner) {
        self.inner = inner
    }

    func favourites(ofPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError> {
        inner.favourites(ofPhoto: photoID).on(terminated: { [self] in
            let ready = state.withLock { state in
                state.favourites += 1
                let count = state.favourites
                defer { state.waiting.removeAll { $0.count <= count } }
                return state.waiting.filter { $0.count <= count }.map(\.continuation)
            }
            for continuation in ready { continuation.resume() }
        })
    }

    func comments(onPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError> {
        inner.comments(onPhoto: photoID)
    }

    /// Returns once `favourites` favourites calls have ended.
    func waitUntilEnded(favourites count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.favourites >= count { return true }
                state.waiting.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension QueueScheduler {
    /// Returns once the work scheduled on the queue before this call has run.
    func drained() async {
        await withCheckedContinuation { continuation in
            schedule { continuation.resume() }
        }
    }
}
