import AppImages
import Foundation
import GalleryCore
import Ripple
import RippleTerminal

/// The gallery's pictures through the shared image loader: decoded off the main
/// thread, cached in bytes, the request cancelled when no cell waits for it.
public struct LoaderImageService: PhotoImageService {
    /// The loader.
    public let loader: ImageLoader

    /// Pictures from `loader`.
    public init(loader: ImageLoader) {
        self.loader = loader
    }

    /// The picture at `url`, from the loader's cache or the service.
    public func image(at url: String) -> SignalProducer<Image, GalleryError> {
        guard let address = URL(string: url) else {
            return SignalProducer(error: .invalidResponse("\(url) is not a URL"))
        }
        return loader.image(at: address).mapError { error in
            switch error {
            case let .request(_, failure): PxClient.galleryError(failure, login: false)
            case let .undecodable(_, reason): .invalidResponse(reason)
            }
        }
    }
}
