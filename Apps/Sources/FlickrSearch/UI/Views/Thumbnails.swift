import AppImages
import Foundation
import Ripple
import RippleTerminal

extension ImageLoader {
    /// The image at `url` for a row's `ImageView`: `nil` never comes, the image once
    /// loaded; an image that cannot be loaded or decoded leaves the placeholder.
    func thumbnail(at url: URL) -> SignalProducer<Image?, Never> {
        image(at: url)
            .map { Optional($0) }
            .flatMapError { _ in SignalProducer<Image?, Never>.empty }
    }
}
