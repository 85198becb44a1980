import AppClients
import AppImages
import Foundation
import ImageFormats
import Ripple
import RippleTerminal
import Synchronization
import Testing

/// Image bytes served in virtual time: each request answers `latency` seconds after it
/// starts, and records whether it was disposed before answering.
final class StubImageServer: Sendable {
    let scheduler: TestScheduler
    let latency: Double
    private let files: Mutex<[URL: Data]>
    private let running = Mutex<Set<URL>>([])
    private let requested = Mutex<[URL]>([])

    init(scheduler: TestScheduler, latency: Double = 1, files: [URL: Data]) {
        self.scheduler = scheduler
        self.latency = latency
        self.files = Mutex(files)
    }

    /// The URLs whose request is running now.
    var runningRequests: Set<URL> { running.withLock { $0 } }
    /// Every URL requested, in order.
    var requests: [URL] { requested.withLock { $0 } }

    func fetch(_ url: URL) -> SignalProducer<Data, ServiceFailure> {
        SignalProducer { [self] observer, lifetime in
            running.withLock { _ = $0.insert(url) }
            requested.withLock { $0.append(url) }
            lifetime.observeEnded { [self] in running.withLock { _ = $0.remove(url) } }
            let body = files.withLock { $0[url] }
            let answer = scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(latency)) {
                if let body {
                    observer.send(value: body)
                    observer.sendCompleted()
                } else {
                    observer.send(error: .rejected(status: 404, body: Data()))
                }
            }
            if let answer { lifetime.observeEnded { answer.dispose() } }
        }
    }
}

/// A JPEG of `width` × `height` pixels of one grey.
func jpeg(width: Int, height: Int, grey: UInt8 = 128) throws -> Data {
    let image = RGBImage(width: width, height: height, pixels: [UInt8](repeating: grey, count: width * height * 3))
    return Data(try ImageCodec.encodeJPEG(image))
}

func photoURL(_ number: Int) -> URL {
    URL(string: "http://127.0.0.1:9/photos/\(number)/3.jpg")!
}

/// What a load delivered.
final class LoadRecord: Sendable {
    private let state = Mutex<(images: [Image], errors: [ImageLoadError], ended: Bool)>(([], [], false))
    var images: [Image] { state.withLock { $0.images } }
    var errors: [ImageLoadError] { state.withLock { $0.errors } }
    var ended: Bool { state.withLock { $0.ended } }

    func start(_ producer: SignalProducer<Image, ImageLoadError>) -> any Disposable {
        producer.start { [self] event in
            state.withLock { state in
                switch event {
                case let .value(image): state.images.append(image)
                case let .failed(error): state.errors.append(error)
                case .completed, .interrupted: state.ended = true
                }
            }
        }
    }
}

/// The loader: one request and one decode per image while it is cached, the cache
/// bounded in bytes, requests cancelled when no load waits for them, corrupt bytes a
/// clear failure.
@Suite struct ImageLoaderTests {
    @Test func aLoadDecodesTheJPEGIntoAnImageAndASecondLoadComesFromTheCache() throws {
        let scheduler = TestScheduler()
        let server = StubImageServer(scheduler: scheduler, files: [photoURL(1): try jpeg(width: 8, height: 6)])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let first = LoadRecord()
        _ = first.start(loader.image(at: photoURL(1)))
        #expect(first.images.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(first.images.map { [$0.width, $0.height] } == [[8, 6]])
        #expect(first.ended)
        let second = LoadRecord()
        _ = second.start(loader.image(at: photoURL(1)))
        #expect(second.images.count == 1 && second.images[0].isIdentical(to: first.images[0]))
        var expected = ImageLoadCounts()
        expected.requestsStarted = 1
        expected.requestsSucceeded = 1
        expected.decodes = 1
        expected.cacheHits = 1
        #expect(loader.counts == expected)
        #expect(loader.cachedByteCount == 8 * 6 * 4)
    }

    @Test func loadsOfOneImageAtOnceShareOneRequestAndOneDecode() throws {
        let scheduler = TestScheduler()
        let server = StubImageServer(scheduler: scheduler, files: [photoURL(1): try jpeg(width: 4, height: 4)])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let records = (0..<3).map { _ in LoadRecord() }
        for record in records { _ = record.start(loader.image(at: photoURL(1))) }
        scheduler.advance(by: .seconds(1))
        #expect(records.allSatisfy { $0.images.count == 1 })
        #expect(server.requests == [photoURL(1)])
        #expect(loader.counts.decodes == 1 && loader.counts.sharedLoads == 2)
    }

    @Test func disposingTheOnlyLoadCancelsItsRequestOnTheWire() throws {
        let scheduler = TestScheduler()
        let server = StubImageServer(scheduler: scheduler, files: [photoURL(1): try jpeg(width: 4, height: 4)])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let record = LoadRecord()
        let load = record.start(loader.image(at: photoURL(1)))
        #expect(server.runningRequests == [photoURL(1)])
        load.dispose()
        #expect(server.runningRequests.isEmpty)
        scheduler.advance(by: .seconds(5))
        #expect(record.images.isEmpty)
        #expect(loader.counts.requestsCancelled == 1 && loader.counts.requestsRunning == 0 && loader.counts.decodes == 0)
        #expect(!loader.isCached(photoURL(1)))
    }

    @Test func aRequestSharedByTwoLoadsRunsUntilTheLastOneIsDisposed() throws {
        let scheduler = TestScheduler()
        let server = StubImageServer(scheduler: scheduler, files: [photoURL(1): try jpeg(width: 4, height: 4)])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let (kept, left) = (LoadRecord(), LoadRecord())
        _ = kept.start(loader.image(at: photoURL(1)))
        left.start(loader.image(at: photoURL(1))).dispose()
        #expect(server.runningRequests == [photoURL(1)])
        scheduler.advance(by: .seconds(1))
        #expect(kept.images.count == 1 && left.images.isEmpty)
        #expect(loader.counts.requestsCancelled == 0 && loader.counts.requestsRunning == 0)
    }

    /// Cells scrolled past: a thousand loads started and disposed at once leave no
    /// request running; only the images still wanted are requested and decoded.
    @Test func cellsThatAreGoneLeaveNoRequestRunning() throws {
        let scheduler = TestScheduler()
        var files: [URL: Data] = [:]
        let bytes = try jpeg(width: 4, height: 4)
        for number in 0..<1_000 { files[photoURL(number)] = bytes }
        let server = StubImageServer(scheduler: scheduler, files: files)
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        var visible: [any Disposable] = []
        for number in 0..<1_000 {
            visible.append(LoadRecord().start(loader.image(at: photoURL(number))))
            if visible.count > 12 { visible.removeFirst().dispose() }
        }
        scheduler.advance(by: .seconds(1))
        #expect(server.runningRequests.isEmpty)
        #expect(loader.counts.requestsStarted == 1_000)
        #expect(loader.counts.requestsCancelled == 988)
        #expect(loader.counts.decodes == 12 && loader.counts.requestsRunning == 0)
    }

    @Test func theCacheKeepsAtMostItsCapacityInBytesAndAnImageItDroppedIsRequestedAgain() throws {
        let scheduler = TestScheduler()
        let bytes = try jpeg(width: 10, height: 10)   // 400 bytes decoded
        let files = Dictionary(uniqueKeysWithValues: (1...3).map { (photoURL($0), bytes) })
        let server = StubImageServer(scheduler: scheduler, files: files)
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), cacheCapacity: 800, fetch: server.fetch)
        for number in 1...3 {
            _ = LoadRecord().start(loader.image(at: photoURL(number)))
            scheduler.advance(by: .seconds(1))
        }
        #expect(loader.cachedByteCount == 800 && loader.cachedImageCount == 2)
        #expect(!loader.isCached(photoURL(1)) && loader.isCached(photoURL(3)))
        _ = LoadRecord().start(loader.image(at: photoURL(1)))
        scheduler.advance(by: .seconds(1))
        #expect(loader.counts.requestsStarted == 4 && loader.counts.decodes == 4)
        #expect(loader.cachedByteCount <= 800)
    }

    @Test func corruptBytesFailWithTheDecodersReasonAndAreNotCached() throws {
        let scheduler = TestScheduler()
        var cut = try jpeg(width: 16, height: 16)
        cut = cut.prefix(cut.count / 2)
        let server = StubImageServer(scheduler: scheduler, files: [photoURL(1): Data("<html>".utf8), photoURL(2): cut])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let (html, half) = (LoadRecord(), LoadRecord())
        _ = html.start(loader.image(at: photoURL(1)))
        _ = half.start(loader.image(at: photoURL(2)))
        scheduler.advance(by: .seconds(1))
        #expect(html.images.isEmpty && half.images.isEmpty)
        #expect(html.errors.map(\.description) == ["the image at http://127.0.0.1:9/photos/1/3.jpg could not be decoded: neither PNG nor JPEG"])
        #expect(half.errors.first?.description.contains("could not be decoded: libjpeg:") == true)
        #expect(loader.counts.decodeFailures == 2 && loader.cachedImageCount == 0)
    }

    @Test func aFailedRequestIsAnErrorThatNamesTheURL() {
        let scheduler = TestScheduler()
        let server = StubImageServer(scheduler: scheduler, files: [:])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let record = LoadRecord()
        _ = record.start(loader.image(at: photoURL(7)))
        scheduler.advance(by: .seconds(1))
        guard case let .request(url, .rejected(status, _))? = record.errors.first else {
            Issue.record("expected a rejected request, got \(record.errors)")
            return
        }
        #expect(url == photoURL(7) && status == 404)
        #expect(loader.counts.requestsFailed == 1 && loader.counts.decodes == 0)
    }

    @Test func decodingRunsOnTheDecodeScheduler() throws {
        let network = TestScheduler()
        let decoding = TestScheduler()
        let server = StubImageServer(scheduler: network, files: [photoURL(1): try jpeg(width: 4, height: 4)])
        let loader = ImageLoader(decodeScheduler: decoding, fetch: server.fetch)
        let record = LoadRecord()
        _ = record.start(loader.image(at: photoURL(1)))
        network.advance(by: .seconds(1))
        #expect(loader.counts.decodes == 0 && record.images.isEmpty)
        decoding.run()
        #expect(loader.counts.decodes == 1 && record.images.count == 1)
    }

    @MainActor
    @Test func aLoadPreparedForCellsIsScaledOnTheDecodeSchedulerNotInTheFrame() throws {
        let network = TestScheduler()
        let decoding = TestScheduler()
        let server = StubImageServer(scheduler: network, files: [photoURL(1): try jpeg(width: 40, height: 30, grey: 90)])
        let loader = ImageLoader(decodeScheduler: decoding, fetch: server.fetch)
        let record = LoadRecord()
        let cells = Size(columns: 8, rows: 3), background = Color.rgb(48, 48, 48)
        _ = record.start(loader.image(at: photoURL(1), preparingFor: cells, background: background))
        network.advance(by: .seconds(1))
        decoding.run()
        let image = try #require(record.images.first)
        // Prepared already, on the decode scheduler: preparing again scales nothing,
        // and a view of those cells shows it without scaling.
        #expect(!ImageView.prepare(image, forCells: cells, background: background))
        let view = ImageView(image: image, backgroundColor: background)
        view.sizing = .flexible
        let terminal = VirtualTerminal(columns: 8, rows: 3, root: view)
        #expect(view.scaleCount == 0)
        #expect(terminal.screen[4, 1].grapheme == "▀")
    }

    @Test func aPNGKeepsItsTransparency() throws {
        let png = Data(PNGFixture.halfTransparentRed)
        let scheduler = TestScheduler()
        let server = StubImageServer(scheduler: scheduler, files: [photoURL(1): png])
        let loader = ImageLoader(decodeScheduler: ImmediateScheduler(), fetch: server.fetch)
        let record = LoadRecord()
        _ = record.start(loader.image(at: photoURL(1)))
        scheduler.advance(by: .seconds(1))
        #expect(record.images.first?.pixels == [255, 0, 0, 128])
    }
}
