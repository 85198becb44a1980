import AppClients
import Foundation
import ImageFormats
import Ripple
import RippleTerminal
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// ImageLoader: the apps' pictures, from a URL of the services to an `Image` an
// `ImageView` shows.
//
//     image(at: url)   cached?          → the image at once (no request, no decode)
//                      in flight?       → waits for that request (no second request)
//                      otherwise        → GET url; the bytes decoded on the decode
//                                         scheduler (never the main thread), kept in
//                                         the cache, sent to every load waiting
//     a load disposed  (a cell reused or gone) leaves its request; the request is
//                      cancelled on the wire when no load waits for it any more
//
// The cache is bounded in bytes (four a pixel), least recently used out first. An
// image is decoded once while it is cached: loads of one URL share one request and
// one decode. Values and failures arrive on the decode scheduler; a ViewModel moves
// them to its own. Every request, cancellation, decode and cache hit is counted
// (``ImageLoadCounts``).

/// Loads PNG and JPEG images by URL, decodes them off the main thread and keeps them
/// in a cache bounded in bytes.
///
/// ```swift
/// let loader = ImageLoader(connection: connection, decodeScheduler: QueueScheduler(name: "images"))
/// cell.disposable = loader.image(at: url).observe(on: UIScheduler()).startWithResult { … }
/// cell.disposable.dispose()   // the cell is reused: its request is cancelled
/// ```
public final class ImageLoader: Sendable {
    /// The default bound of the cache: 64 MiB of pixels (about 200 thumbnails of
    /// 280 × 280, or 30 full-size photos).
    public static let defaultCacheCapacity = 64 << 20

    /// One request in flight and the loads waiting for it.
    private struct Flight {
        /// Which request this is (the count of requests started when it started).
        var id: Int
        var waiting: [Int: Signal<Image, ImageLoadError>.Observer] = [:]
        var request: (any Disposable)?
    }

    private struct State {
        var cache: ByteBoundedCache<URL, Image>
        var flights: [URL: Flight] = [:]
        var counts = ImageLoadCounts()
        var nextLoad = 0
    }

    private let fetch: @Sendable (URL) -> SignalProducer<Data, ServiceFailure>
    private let decodeScheduler: any Scheduler
    private let state: Mutex<State>

    /// A loader that fetches each URL's bytes with `fetch` (one start, one request;
    /// disposing it cancels the request) and decodes them on `decodeScheduler`,
    /// keeping up to `cacheCapacity` bytes of decoded pixels.
    public init(
        decodeScheduler: some Scheduler,
        cacheCapacity: Int = ImageLoader.defaultCacheCapacity,
        fetch: @escaping @Sendable (URL) -> SignalProducer<Data, ServiceFailure>
    ) {
        self.fetch = fetch
        self.decodeScheduler = decodeScheduler
        self.state = Mutex(State(cache: ByteBoundedCache(capacity: cacheCapacity)))
    }

    /// A loader that GETs each URL through `connection` (its session and deadline).
    public convenience init(
        connection: ServiceConnection,
        decodeScheduler: some Scheduler,
        cacheCapacity: Int = ImageLoader.defaultCacheCapacity
    ) {
        self.init(decodeScheduler: decodeScheduler, cacheCapacity: cacheCapacity) { url in
            connection.send(URLRequest(url: url))
        }
    }

    /// What the loader has done so far.
    public var counts: ImageLoadCounts {
        state.withLock { $0.counts }
    }

    /// The bytes of pixels the cache holds now.
    public var cachedByteCount: Int {
        state.withLock { $0.cache.totalCost }
    }

    /// How many images the cache holds now.
    public var cachedImageCount: Int {
        state.withLock { $0.cache.count }
    }

    /// Whether the image at `url` is in the cache (without making it the most recent).
    public func isCached(_ url: URL) -> Bool {
        state.withLock { $0.cache.contains(url) }
    }

    /// The image at `url`: one value then completion, or an ``ImageLoadError``.
    /// Disposing the load before it ends leaves the request, which is cancelled when
    /// no other load waits for it.
    public func image(at url: URL) -> SignalProducer<Image, ImageLoadError> {
        SignalProducer { [self] observer, lifetime in
            enum Start { case cached(Image), joined, request(Int) }
            let (load, start) = state.withLock { state -> (Int, Start) in
                if let image = state.cache.value(for: url) {
                    state.counts.cacheHits += 1
                    return (0, .cached(image))
                }
                state.nextLoad += 1
                let load = state.nextLoad
                if state.flights[url] != nil {
                    state.flights[url]?.waiting[load] = observer
                    state.counts.sharedLoads += 1
                    return (load, .joined)
                }
                state.counts.requestsStarted += 1
                state.flights[url] = Flight(id: state.counts.requestsStarted, waiting: [load: observer])
                return (load, .request(state.counts.requestsStarted))
            }
            switch start {
            case let .cached(image):
                observer.send(value: image)
                observer.sendCompleted()
                return
            case .joined:
                break
            case let .request(flight):
                let request = startRequest(flight, for: url)
                let stillWanted = state.withLock { state -> Bool in
                    guard state.flights[url]?.id == flight else { return false }
                    state.flights[url]?.request = request
                    return true
                }
                // Every load left before the request could be recorded: it is not wanted.
                if !stillWanted { request.dispose() }
            }
            lifetime.observeEnded { [self] in leave(load, of: url) }
        }
    }

    private func startRequest(_ flight: Int, for url: URL) -> any Disposable {
        fetch(url)
            .observe(on: decodeScheduler)
            .start { [self] event in
                switch event {
                case let .value(data):
                    // Bytes that arrive after the request was cancelled are not decoded.
                    guard state.withLock({ $0.flights[url]?.id == flight }) else { return }
                    finish(flight, url, with: decode(data, from: url), requestFailed: false)
                case let .failed(failure):
                    finish(flight, url, with: .failure(.request(url: url, failure: failure)), requestFailed: true)
                case .completed:
                    // After a value this finds the flight ended; without one, nothing came.
                    finish(flight, url, with: .failure(.undecodable(url: url, reason: "the answer had no body")), requestFailed: true)
                case .interrupted:
                    break
                }
            }
    }

    private func decode(_ data: Data, from url: URL) -> Result<Image, ImageLoadError> {
        let result: Result<Image, ImageLoadError>
        do {
            let decoded = try ImageCodec.decodeRGBA([UInt8](data))
            result = .success(try Image(width: decoded.width, height: decoded.height, pixels: decoded.pixels))
        } catch {
            result = .failure(.undecodable(url: url, reason: "\(error)"))
        }
        state.withLock { state in
            state.counts.decodes += 1
            if case .failure = result { state.counts.decodeFailures += 1 }
        }
        return result
    }

    /// Ends the flight of `url`: the image is cached and every waiting load gets the
    /// result (outside the lock).
    /// (A request cancelled meanwhile has been counted already and has no one waiting.)
    private func finish(_ id: Int, _ url: URL, with result: Result<Image, ImageLoadError>, requestFailed: Bool) {
        let waiting = state.withLock { state -> [Signal<Image, ImageLoadError>.Observer] in
            guard let flight = state.flights[url], flight.id == id else { return [] }
            state.flights[url] = nil
            if requestFailed { state.counts.requestsFailed += 1 } else { state.counts.requestsSucceeded += 1 }
            if case let .success(image) = result {
                state.cache.insert(image, cost: image.pixels.count, for: url)
            }
            return flight.waiting.sorted { $0.key < $1.key }.map(\.value)
        }
        for observer in waiting {
            switch result {
            case let .success(image):
                observer.send(value: image)
                observer.sendCompleted()
            case let .failure(error):
                observer.send(error: error)
            }
        }
    }

    /// A load ended (delivered, failed or disposed): when it was the last one waiting
    /// for a request still in flight, that request is cancelled.
    private func leave(_ load: Int, of url: URL) {
        let cancelled = state.withLock { state -> (any Disposable)?? in
            guard var flight = state.flights[url], flight.waiting.removeValue(forKey: load) != nil else { return nil }
            if flight.waiting.isEmpty {
                state.flights[url] = nil
                state.counts.requestsCancelled += 1
                return .some(flight.request)
            }
            state.flights[url] = flight
            return nil
        }
        if case let .some(request) = cancelled { request?.dispose() }
    }
}
