import FlickrSearchCore
import Foundation
import Ripple
import RippleTesting
import Synchronization

/// The Flickr services in virtual time: searches and the two metadata calls answer
/// as marble diagrams on a `TestScheduler`, and every call started and every call
/// abandoned is sent on a signal the test records.
///
/// ```swift
/// let service = StubFlickrServices(scheduler: scheduler)
/// try service.answer("flower", "--r|", total: 1234, photos: [photo])   // answers 2 frames after its start
/// try service.fail("broken", "-#", with: .unreachable)
/// try service.favourites("7", "-v|", 3)
/// try service.comments("7", "---v|", 1)
/// let started = scheduler.record(service.metadataRequests)     // "f:7", "c:7"
/// ```
public final class StubFlickrServices: FlickrSearchService, FlickrMetadataService {
    /// The clock the answers run on.
    public let scheduler: TestScheduler
    /// The seconds a marble frame lasts.
    public let frameDuration: Double

    /// The text of each search, when it starts.
    public let searchRequests: Signal<String, Never>
    /// `"f:<id>"` for each favourites call and `"c:<id>"` for each comments call, when
    /// it starts.
    public let metadataRequests: Signal<String, Never>
    /// `"f:<id>"` or `"c:<id>"` for each metadata call abandoned before its end.
    public let metadataCancellations: Signal<String, Never>

    private let searchInput: Signal<String, Never>.Observer
    private let metadataInput: Signal<String, Never>.Observer
    private let cancellationInput: Signal<String, Never>.Observer
    private let state = Mutex(State())

    private struct State {
        var searches: [String: SignalProducer<FlickrSearchResults, FlickrSearchError>] = [:]
        var favourites: [String: SignalProducer<Int, FlickrSearchError>] = [:]
        var comments: [String: SignalProducer<Int, FlickrSearchError>] = [:]
    }

    /// Services that answer any search one frame after it starts with one photo
    /// titled as the text, of 1 in all (and complete in that frame), and any metadata
    /// call one frame after it starts with 0, unless told otherwise.
    public init(scheduler: TestScheduler, frameDuration: Double = 1) {
        self.scheduler = scheduler
        self.frameDuration = frameDuration
        (searchRequests, searchInput) = Signal<String, Never>.pipe()
        (metadataRequests, metadataInput) = Signal<String, Never>.pipe()
        (metadataCancellations, cancellationInput) = Signal<String, Never>.pipe()
    }

    // MARK: Set-up

    /// A search for `text` answers as `marbles`, `r` being `photos` of `total` in all.
    public func answer(_ text: String, _ marbles: String, total: Int, photos: [FlickrPhoto]) throws {
        let results = FlickrSearchResults(searchText: text, photos: photos, totalResults: total)
        let producer: SignalProducer<FlickrSearchResults, FlickrSearchError> = try scheduler.coldProducer(
            marbles, values: ["r": results], error: nil, frameDuration: frameDuration)
        state.withLock { $0.searches[text] = producer }
    }

    /// A search for `text` fails as `marbles` (`#`) with `error`.
    public func fail(_ text: String, _ marbles: String, with error: FlickrSearchError) throws {
        let producer: SignalProducer<FlickrSearchResults, FlickrSearchError> = try scheduler.coldProducer(
            marbles, values: [:], error: error, frameDuration: frameDuration)
        state.withLock { $0.searches[text] = producer }
    }

    /// The favourites of `photoID` answer as `marbles`: `v` is `count`, `#` fails.
    public func favourites(_ photoID: String, _ marbles: String, _ count: Int = 0) throws {
        let producer: SignalProducer<Int, FlickrSearchError> = try scheduler.coldProducer(
            marbles, values: ["v": count], error: .failed(status: 503, code: 105, message: "Service currently unavailable"),
            frameDuration: frameDuration)
        state.withLock { $0.favourites[photoID] = producer }
    }

    /// The comments of `photoID` answer as `marbles`: `v` is `count`, `#` fails.
    public func comments(_ photoID: String, _ marbles: String, _ count: Int = 0) throws {
        let producer: SignalProducer<Int, FlickrSearchError> = try scheduler.coldProducer(
            marbles, values: ["v": count], error: .failed(status: 503, code: 105, message: "Service currently unavailable"),
            frameDuration: frameDuration)
        state.withLock { $0.comments[photoID] = producer }
    }

    // MARK: The services

    public func search(_ text: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError> {
        let requests = searchInput
        let made = state.withLock { $0.searches[text] } ?? defaultAnswer(text)
        return made.on(started: { requests.send(value: text) })
    }

    public func favourites(ofPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError> {
        metadata("f:\(photoID)", state.withLock { $0.favourites[photoID] } ?? defaultCount())
    }

    public func comments(onPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError> {
        metadata("c:\(photoID)", state.withLock { $0.comments[photoID] } ?? defaultCount())
    }

    private func metadata(_ name: String, _ producer: SignalProducer<Int, FlickrSearchError>)
        -> SignalProducer<Int, FlickrSearchError>
    {
        let requests = metadataInput, cancellations = cancellationInput
        return producer.on(started: { requests.send(value: name) }, interrupted: { cancellations.send(value: name) })
    }

    private func defaultAnswer(_ text: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError> {
        let results = FlickrSearchResults(searchText: text, photos: [Self.photo(text, id: "1")], totalResults: 1)
        return (try? scheduler.coldProducer("-(r|)", values: ["r": results], error: nil, frameDuration: frameDuration)) ?? .empty
    }

    private func defaultCount() -> SignalProducer<Int, FlickrSearchError> {
        (try? scheduler.coldProducer("-v|", values: ["v": 0], error: nil, frameDuration: frameDuration)) ?? .empty
    }

    // MARK: Values

    /// A photo titled `title`, with a thumbnail URL on a host that never answers.
    public static func photo(_ title: String, id: String) -> FlickrPhoto {
        FlickrPhoto(id: id, title: title, thumbnailURL: URL(string: "http://127.0.0.1:1/farm1/1/\(id)_0123456789_m.jpg"))
    }
}

/// Recent searches kept in memory, with what was saved recorded, and a load or
/// save that fails when told.
public final class StubRecentSearchStore: RecentSearchStore {
    private let state: Mutex<State>

    private struct State {
        var searches: [RecentSearch]
        var loadFailure: RecentSearchStoreError?
        var saveFailure: RecentSearchStoreError?
        var saves: [[RecentSearch]] = []
    }

    /// A store holding `searches`; its load fails with `loadFailure` when given.
    public init(_ searches: [RecentSearch] = [], loadFailure: RecentSearchStoreError? = nil) {
        state = Mutex(State(searches: searches, loadFailure: loadFailure))
    }

    /// The searches kept now.
    public var searches: [RecentSearch] {
        state.withLock { $0.searches }
    }

    /// Every list saved, in order.
    public var saves: [[RecentSearch]] {
        state.withLock { $0.saves }
    }

    /// Makes the next saves fail with `error` (`nil`: succeed again).
    public func failSaves(with error: RecentSearchStoreError?) {
        state.withLock { $0.saveFailure = error }
    }

    public func load() -> Result<[RecentSearch], RecentSearchStoreError> {
        state.withLock { state in state.loadFailure.map { .failure($0) } ?? .success(state.searches) }
    }

    public func save(_ searches: [RecentSearch]) -> Result<Void, RecentSearchStoreError> {
        state.withLock { state in
            if let failure = state.saveFailure { return .failure(failure) }
            state.searches = searches
            state.saves.append(searches)
            return .success(())
        }
    }
}
