import Foundation
import Ripple
import RippleTerminal

extension ImageLoader {
    /// The image at `url`, as ``image(at:)`` loads it, prepared for an `ImageView` of
    /// `cells` over `background` where it is decoded: the scaling is made off the
    /// main thread, with the scalings image views share, so the frame that shows the
    /// image there copies cells instead of scaling it.
    ///
    /// A load the cache answers prepares on the thread that started it, which costs
    /// nothing while the scaling is still kept.
    ///
    /// ```swift
    /// cell.thumbnail.reactive.image <~ loader
    ///     .image(at: url, preparingFor: Size(columns: 16, rows: 7))
    ///     .map(Optional.some).flatMapError { _ in .empty }
    /// ```
    public func image(at url: URL, preparingFor cells: Size, background: Color = .default)
        -> SignalProducer<Image, ImageLoadError>
    {
        image(at: url).on(value: { image in
            ImageView.prepare(image, forCells: cells, background: background)
        })
    }
}
