import AppImages
import Foundation
import GalleryCore
import Ripple
import RippleTerminal

/// The gallery's pictures through the shared image loader: decoded off the main
/// thread, cached in bytes, the request cancelled when no cell waits for it; the
/// wall's thumbnails also scaled there for the cells that show them.
public struct LoaderImageService: PhotoImageService {
    /// The loader.
    public let loader: ImageLoader
    /// The image view each picture is prepared for where it is decoded
    /// (`ImageView.prepare`), or nil.
    public let preparation: (cells: Size, background: Color)?

    /// Pictures from `loader`, each prepared for an image view of `cells` over
    /// `background` when `cells` is given.
    public init(loader: ImageLoader, preparingFor cells: Size? = nil, background: Color = .default) {
        self.loader = loader
        self.preparation = cells.map { ($0, background) }
    }

    /// The picture at `url`, from the loader's cache or the service.
    public func image(at url: String) -> SignalProducer<Image, GalleryError> {
        guard let address = URL(string: url) else {
            return SignalProducer(error: .invalidResponse("\(url) is not a URL"))
        }
        let load = preparation.map { loader.image(at: address, preparingFor: $0.cells, background: $0.background) }
            ?? loader.image(at: address)
        return load.mapError { error in
            switch error {
            case let .request(_, failure): PxClient.galleryError(failure, login: false)
            case let .undecodable(_, reason): .invalidResponse(reason)
            }
        }
    }
}
