import AppImages
import AppsTestSupport
import Foundation
import Gallery
import GalleryCore
import Ripple
import RippleTerminal
import Services
import Testing

/// The gallery's client and ViewModels against the real services in process (the
/// bundled photos, an account made in the Users store): a page, a photo's details and
/// picture, a vote refused before logging in, a wrong password, a vote, and the 403.
@Suite struct GalleryIntegrationTests {
    /// Makes the account `phone` with `password` through the Users store, as the
    /// registration form would.
    static func register(_ phone: String, password: String, in services: LocalServices) async throws {
        let store = services.users.store
        let now = Date()
        _ = try await store.issueCode("123456", to: phone, text: "code 123456", now: now, lifetime: .seconds(600), resendInterval: .seconds(0))
        let hash = try await store.hashPassword(password)
        _ = try await store.register(account: phone, code: "123456", password: hash, now: now)
    }

    @Test func aPageDetailsAPictureAndTheVotesErrorPathsOnTheRealServices() async throws {
        try await withTestServices(configure: { $0.photoCorpus = .bundled }) { services, _ in
            _ = await services.photos.library.waitUntilIdle()
            try await Self.register("13800138000", password: "abc123", in: services)
            let scheduler = QueueScheduler(name: "gallery-tests")
            let client = PxClient(baseURL: services.url, scheduler: scheduler)

            let page = try #require(try await client.popularPhotos(page: 1, perPage: 3).first())
            #expect(page.number == 1 && page.totalCount == 4 && page.pageCount == 2 && page.photos.count == 3)
            let first = try #require(page.photos.first)
            #expect(first.thumbnailURL?.hasSuffix("/photos/\(first.id)/3.jpg") == true && first.fullSizeURL == nil)

            let details = try #require(try await client.details(ofPhoto: first.id).first())
            #expect(details.fullSizeURL?.hasSuffix("/photos/\(first.id)/4.jpg") == true)
            let loader = ImageLoader(connection: client.serviceConnection, decodeScheduler: QueueScheduler(name: "decode"))
            let picture = try #require(try await LoaderImageService(loader: loader).image(at: details.fullSizeURL ?? "").first())
            #expect(picture.width > 0 && picture.height > 0)

            await #expect(throws: GalleryError.unauthorized) { _ = try await client.vote(forPhoto: first.id).first() }
            await #expect(throws: GalleryError.badLogin("Invalid username or password")) {
                _ = try await client.logIn(username: "13800138000", password: "wrong").first()
            }
            #expect(!client.isLoggedIn)
            _ = try await client.logIn(username: "13800138000", password: "abc123").first()
            #expect(client.isLoggedIn)
            let voted = try #require(try await client.vote(forPhoto: first.id).first())
            #expect(voted.voted == true && voted.votesCount == 1 && voted.rating == 1)
            await #expect(throws: GalleryError.alreadyVoted("Sorry, you have already voted for this Photo")) {
                _ = try await client.vote(forPhoto: first.id).first()
            }
        }
    }

    @Test func theWallPagesThroughTheRealServicesAndEveryThumbnailDecodes() async throws {
        try await withTestServices(configure: { $0.photoCorpus = .bundled }) { services, _ in
            _ = await services.photos.library.waitUntilIdle()
            let scheduler = QueueScheduler(name: "gallery-tests")
            let client = PxClient(baseURL: services.url, scheduler: scheduler)
            let loader = ImageLoader(connection: client.serviceConnection, decodeScheduler: QueueScheduler(name: "decode"))
            let images = LoaderImageService(loader: loader, preparingFor: PhotoCell.thumbnailSize, background: PhotoCell.background)
            let page = try #require(try await client.popularPhotos(page: 1, perPage: 20).first())
            for record in page.photos {
                let url = try #require(record.thumbnailURL)
                let thumbnail = try #require(try await images.image(at: url).first())
                #expect(thumbnail.width == 280 && thumbnail.height == 280)
                // Scaled for the wall's cells where it was decoded: a cell showing it scales nothing.
                #expect(!ImageView.prepare(thumbnail, forCells: PhotoCell.thumbnailSize, background: PhotoCell.background))
                _ = try await images.image(at: url).first()
            }
            #expect(loader.counts.decodes == page.photos.count && loader.counts.cacheHits == page.photos.count)
            #expect(loader.counts.requestsRunning == 0)
        }
    }
}
