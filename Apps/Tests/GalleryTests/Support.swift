import GalleryCore
import GalleryStubs
import Ripple
import RippleTerminal

/// The stub's pictures as images: a 4 × 4 square whose grey depends on the URL, so
/// the half blocks show; a broken picture fails as the stub says.
struct StubPictures: PhotoImageService {
    let stub: StubGalleryService

    func image(at url: String) -> SignalProducer<Image, GalleryError> {
        stub.image(at: url).attemptMap { _ -> Result<Image, GalleryError> in
            let grey = UInt8(truncatingIfNeeded: 60 + url.utf8.reduce(0) { $0 &+ Int($1) } % 160)
            let pixel: [UInt8] = [grey, grey, 200, 255]
            let pixels = Array(repeating: pixel, count: 16).flatMap { $0 }
            return Result { try Image(width: 4, height: 4, pixels: pixels) }.mapError { .invalidResponse("\($0)") }
        }
    }
}

/// The services of `stub` with images.
func imageServices(_ stub: StubGalleryService) -> GalleryServices<Image> {
    GalleryServices(photos: stub, votes: stub, login: stub, images: StubPictures(stub: stub))
}
