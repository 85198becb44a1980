import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// The pager: its bounds, its caption, its pages, and the detail it asks for.
@Suite struct FullSizePhotoViewModelTests {
    func pager(photos count: Int, at index: Int) -> (FullSizePhotoViewModel<String>, MutableProperty<Int>) {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: count, scheduler: scheduler)
        let photos = (1...max(count, 1)).prefix(count).map { Photo(StubGalleryService.record($0)) }
        let position = MutableProperty(index)
        return (FullSizePhotoViewModel(photos: photos, currentIndex: position, services: services(stub), scheduler: scheduler), position)
    }

    @Test func photosOutsideTheRangeAreNilEvenWithNoPhotos() {
        let (three, _) = pager(photos: 3, at: 0)
        #expect(three.photoModel(at: -1) == nil && three.photoModel(at: 3) == nil && three.photoModel(at: 2)?.id == 3)
        let (none, position) = pager(photos: 0, at: 5)
        #expect(none.photoModel(at: 0) == nil && none.photoModel(at: -1) == nil)
        #expect(position.value == 0 && none.title.value == "No photos" && none.currentPage.value == nil)
    }

    @Test func pagingStopsAtBothEndsAndTheWallsPositionFollows() {
        let (pager, position) = pager(photos: 3, at: 1)
        pager.next()
        pager.next()
        #expect(position.value == 2 && pager.title.value == "Photo 3")
        #expect(pager.keyHints.value.map(\.key) == ["←", "i", "Esc"])
        pager.previous()
        pager.previous()
        pager.previous()
        #expect(position.value == 0 && pager.keyHints.value.map(\.key) == ["→", "i", "Esc"])
        #expect(pager.caption.value == "by Author 1 · rating 0.00 · 0 votes · 1 of 3")
    }

    @Test func anIndexBeyondTheEndOpensAtTheLastPhoto() {
        let (pager, position) = pager(photos: 3, at: 7)
        #expect(position.value == 2 && pager.initialPhotoIndex == 2)
    }

    @Test func infoAsksForTheCurrentPhotosDetail() {
        let (pager, _) = pager(photos: 3, at: 1)
        let details = Recorder(pager.detailRequests)
        pager.showInfo()
        #expect(details.values.map(\.photo.id) == [2])
        #expect(pager.page(at: 1) === pager.currentPage.value && pager.page(at: 3) == nil)
    }
}
