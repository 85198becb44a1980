import AppClients
import AppImages
import AppsTestSupport
import Foundation
import Ripple
import Services
import Testing

/// The loader against the photo service in process, over the bundled images.
@Suite struct ImageLoaderServicesTests {
    @Test func aThumbnailOfThePhotoServiceIsLoadedDecodedAndCached() async throws {
        try await withTestServices(configure: { $0.photoCorpus = .bundled }) { services, _ in
            _ = await services.photos.library.waitUntilIdle()
            let connection = ServiceConnection(baseURL: services.url, scheduler: QueueScheduler(name: "image-tests"))
            let loader = ImageLoader(connection: connection, decodeScheduler: QueueScheduler(name: "image-decoding"))
            let url = try #require(connection.url("photos/1/3.jpg"))
            let image = try await loader.image(at: url).first()
            #expect(image?.width == 280 && image?.height == 280)
            let again = try await loader.image(at: url).first()
            #expect(again.map { $0.isIdentical(to: image!) } == true)
            #expect(loader.counts.requestsStarted == 1 && loader.counts.decodes == 1 && loader.counts.cacheHits == 1)
        }
    }

    @Test func aPhotoThatDoesNotExistFailsWithTheServicesAnswer() async throws {
        try await withTestServices(configure: { $0.photoCorpus = .bundled }) { services, _ in
            _ = await services.photos.library.waitUntilIdle()
            let connection = ServiceConnection(baseURL: services.url, scheduler: QueueScheduler(name: "image-tests"))
            let loader = ImageLoader(connection: connection, decodeScheduler: QueueScheduler(name: "image-decoding"))
            let url = try #require(connection.url("photos/999999/3.jpg"))
            await #expect(throws: ImageLoadError.self) { _ = try await loader.image(at: url).first() }
            #expect(loader.counts.requestsFailed == 1 && loader.counts.requestsRunning == 0)
        }
    }
}
