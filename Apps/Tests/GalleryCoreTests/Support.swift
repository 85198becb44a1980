import GalleryCore
import GalleryStubs
import Ripple

/// A wall over a stub of `count` photos, on a fresh TestScheduler.
func makeGallery(photos count: Int, latency: Double = 1) -> (GalleryViewModel<String>, StubGalleryService, TestScheduler) {
    let scheduler = TestScheduler()
    let stub = StubGalleryService(photoCount: count, latency: latency, scheduler: scheduler)
    let services = GalleryServices<String>(photos: stub, votes: stub, login: stub, images: stub)
    return (GalleryViewModel(services: services, scheduler: scheduler), stub, scheduler)
}

/// The services of `stub` as the ViewModels take them.
func services(_ stub: StubGalleryService) -> GalleryServices<String> {
    GalleryServices(photos: stub, votes: stub, login: stub, images: stub)
}

/// Collects the values a signal sends.
final class Recorder<Value> {
    private(set) var values: [Value] = []

    init(_ signal: Signal<Value, Never>) {
        signal.observeValues { [self] in values.append($0) }
    }
}
