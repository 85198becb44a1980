import AppImages
import Foundation
import Ripple
import RippleTerminal

extension ImageLoader {
    /// The image at `url` for a row's `ImageView` of `cells`: `nil` never comes, the
    /// image once loaded (and scaled for those cells where it was decoded, so that
    /// the frame showing it only copies cells); an image that cannot be loaded or
    /// decoded leaves the placeholder.
    func thumbnail(at url: URL, forCells cells: Size) -> SignalProducer<Image?, Never> {
        image(at: url, preparingFor: cells)
            .map { Optional($0) }
            .flatMapError { _ in SignalProducer<Image?, Never>.empty }
    }
}
