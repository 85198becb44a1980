import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// A pager page: the details fetched again each time it becomes active, then the picture.
@Suite struct PhotoViewModelTests {
    @Test func eachActivationFetchesTheDetailsAgainThenThePicture() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 2, scheduler: scheduler)
        let photo = Photo(StubGalleryService.record(2))
        let page = PhotoViewModel(photo: photo, services: services(stub), scheduler: scheduler)
        let activations = Recorder(page.didBecomeActive)
        #expect(stub.requests.isEmpty)
        page.active.value = true
        #expect(page.loading.value && stub.requests == ["details 2"])
        scheduler.advance(by: .seconds(1))
        #expect(photo.fullSizeURL.value == "http://px/photos/2/4.jpg" && page.loading.value)
        scheduler.advance(by: .seconds(1))
        #expect(page.image.value == "picture of http://px/photos/2/4.jpg" && !page.loading.value)
        page.active.value = false
        page.active.value = true
        #expect(activations.values.count == 2)
        #expect(stub.requests == ["details 2", "image http://px/photos/2/4.jpg", "details 2"])
    }

    @Test func aFailedFetchEndsTheLoadingAndShowsTheError() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 1, scheduler: scheduler)
        stub.fail("details", with: .notReady)
        let page = PhotoViewModel(photo: Photo(StubGalleryService.record(1)), services: services(stub), scheduler: scheduler)
        page.active.value = true
        scheduler.advance(by: .seconds(1))
        #expect(!page.loading.value)
        #expect(page.errorText.value == "The photo service is still importing its photos; try again in a few seconds.")
        page.active.value = false
        page.active.value = true
        #expect(page.errorText.value.isEmpty && page.loading.value)
    }

    @Test func leavingThePageCancelsWhatItFetches() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 1, scheduler: scheduler)
        let page = PhotoViewModel(photo: Photo(StubGalleryService.record(1)), services: services(stub), scheduler: scheduler)
        page.active.value = true
        page.active.value = false
        #expect(stub.cancelled == ["details 1"] && stub.running.isEmpty && !page.loading.value)
    }
}
