import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// A cell's thumbnail: loaded while the cell shows the photo, cancelled when it is reused.
@Suite struct PhotoCellViewModelTests {
    @Test func theThumbnailLoadsWhenBoundAndIsCancelledWhenTheCellIsReused() {
        let (wall, stub, scheduler) = makeGallery(photos: 3)
        scheduler.advance(by: .seconds(1))
        let cell = wall.cells.value[0]
        var states: [String] = []
        let binding = cell.thumbnail.startWithValues { states.append($0.picture ?? $0.placeholderText) }
        #expect(states == ["loading…"] && stub.running == ["image http://px/photos/1/3.jpg"])
        binding.dispose()   // reused before the picture came
        #expect(stub.running.isEmpty && stub.cancelled == ["image http://px/photos/1/3.jpg"])
        scheduler.advance(by: .seconds(5))
        #expect(states == ["loading…"])
        _ = cell.thumbnail.startWithValues { states.append($0.picture ?? $0.placeholderText) }
        scheduler.advance(by: .seconds(1))
        #expect(states == ["loading…", "loading…", "picture of http://px/photos/1/3.jpg"])
    }

    @Test func theWallsThumbnailsComeFromTheThumbnailsServiceWhenOneIsGiven() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 2, latency: 1, scheduler: scheduler)
        let thumbnails = StubGalleryService(photoCount: 0, latency: 1, scheduler: scheduler)
        let services = GalleryServices<String>(photos: stub, votes: stub, login: stub, images: stub, thumbnails: thumbnails)
        #expect(GalleryServices<String>(photos: stub, votes: stub, login: stub, images: stub).thumbnails as? StubGalleryService === stub)
        let wall = GalleryViewModel(services: services, scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        var last: ThumbnailState<String>?
        _ = wall.cells.value[0].thumbnail.startWithValues { last = $0 }
        scheduler.advance(by: .seconds(1))
        #expect(last?.picture == "picture of http://px/photos/1/3.jpg")
        #expect(thumbnails.requests == ["image http://px/photos/1/3.jpg"])
        #expect(stub.requests == ["page 1"])
    }

    @Test func aPictureThatCannotBeDecodedKeepsThePlaceholderSayingSo() {
        let (wall, stub, scheduler) = makeGallery(photos: 1)
        stub.withState { $0.brokenImages = ["http://px/photos/1/3.jpg"] }
        scheduler.advance(by: .seconds(1))
        var last: ThumbnailState<String>?
        _ = wall.cells.value[0].thumbnail.startWithValues { last = $0 }
        scheduler.advance(by: .seconds(1))
        #expect(last?.picture == nil && last?.placeholderText == "no image")
    }

    /// A thousand cells scrolled past, a dozen visible at a time: no request is left
    /// running for a cell that is gone.
    @Test func cellsScrolledPastLeaveNoRequestRunning() {
        let (wall, stub, scheduler) = makeGallery(photos: 1_000, latency: 0.5)
        for page in 0..<50 {
            scheduler.advance(by: .seconds(1))
            wall.itemShown(at: page * 20 + 19)
        }
        #expect(wall.cells.value.count == 1_000)
        var bound: [any Disposable] = []
        for cell in wall.cells.value {
            bound.append(cell.thumbnail.start())
            if bound.count > 12 { bound.removeFirst().dispose() }
        }
        #expect(stub.running.count == 12 && stub.cancelled.count == 988)
        scheduler.advance(by: .seconds(1))
        #expect(stub.running.isEmpty)
    }
}
