import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// The wall: pages as the user scrolls, errors shown, the pager and the log-in form asked for.
@Suite struct GalleryViewModelTests {
    @Test func theFirstPageLoadsAtOnceAndTheNextOnlyWhenAnItemNearTheEndShows() {
        let (wall, stub, scheduler) = makeGallery(photos: 50)
        #expect(wall.isLoading.value && wall.statusText.value == "loading…")
        scheduler.advance(by: .seconds(1))
        #expect(wall.cells.value.count == 20 && wall.statusText.value == "20 of 50 photos")
        wall.itemShown(at: 5)
        #expect(stub.requests == ["page 1"])
        wall.itemShown(at: 12)   // within 8 of the end
        wall.itemShown(at: 13)   // a page loading: no second request
        #expect(stub.requests == ["page 1", "page 2"])
        scheduler.advance(by: .seconds(1))
        wall.itemShown(at: 39)
        scheduler.advance(by: .seconds(1))
        #expect(wall.cells.value.map(\.id) == Array(1...50))
        wall.itemShown(at: 49)   // no page left
        #expect(stub.requests == ["page 1", "page 2", "page 3"] && wall.statusText.value == "50 photos")
    }

    @Test func aFailedPageIsShownAndRetryAsksForItAgain() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 5, scheduler: scheduler)
        stub.fail("page", with: .unreachable("connection refused"))
        let wall = GalleryViewModel(services: services(stub), scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        #expect(wall.errorText.value == "The photo service did not answer: connection refused")
        #expect(wall.keyHints.value.map(\.key).contains("r"))
        #expect(!wall.isLoading.value && wall.cells.value.isEmpty)
        wall.retry()
        #expect(wall.errorText.value.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(wall.cells.value.count == 5 && wall.errorText.value.isEmpty)
    }

    @Test func openingAPhotoAsksForThePagerSharingTheWallsPosition() {
        let (wall, _, scheduler) = makeGallery(photos: 5)
        let pagers = Recorder(wall.fullSizeRequests)
        scheduler.advance(by: .seconds(1))
        wall.open(at: 2)
        wall.open(at: 9)   // no such photo
        #expect(pagers.values.count == 1)
        let pager = pagers.values[0]
        #expect(pager.initialPhotoIndex == 2 && pager.title.value == "Photo 3")
        pager.next()
        #expect(wall.selectedIndex.value == 3)
    }

    @Test func logInAsksForTheForm() {
        let (wall, _, _) = makeGallery(photos: 1)
        let forms = Recorder(wall.loginRequests)
        wall.logIn()
        #expect(forms.values.count == 1)
    }
}

/// The wall while the photo service still imports: asked again by itself.
@Suite struct GalleryNotReadyTests {
    @Test func whileTheServiceImportsThePageIsAskedAgainEveryTwoSeconds() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 3, scheduler: scheduler)
        stub.fail("page", with: .notReady)
        stub.fail("page", with: .notReady)
        let wall = GalleryViewModel(services: services(stub), scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        #expect(wall.errorText.value == GalleryError.notReady.message)
        scheduler.advance(by: .seconds(3))
        #expect(stub.requests == ["page 1", "page 1"] && wall.cells.value.isEmpty)
        scheduler.advance(by: .seconds(3))
        #expect(stub.requests.count == 3 && wall.cells.value.count == 3 && wall.errorText.value.isEmpty)
    }
}
