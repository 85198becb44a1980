import Ripple

/// What a cell's thumbnail shows: still loading, the picture, or why there is none.
public enum ThumbnailState<Picture: Sendable>: Sendable {
    /// The load runs: the placeholder says "loading…".
    case loading
    /// The picture.
    case loaded(Picture)
    /// No picture: the placeholder stays and says so.
    case failed(String)

    /// The picture, when loaded.
    public var picture: Picture? {
        if case let .loaded(picture) = self { return picture }
        return nil
    }

    /// The placeholder's text: `"loading…"`, or `"no image"` after a failure.
    public var placeholderText: String {
        switch self {
        case .loading, .loaded: "loading…"
        case .failed: "no image"
        }
    }
}

/// One cell of the photo wall: the photo's name and its thumbnail.
///
/// The thumbnail is a producer: a cell starts it when it shows the photo (the load
/// begins) and disposes it when it is reused or goes (the request is cancelled). A
/// picture that cannot be loaded or decoded leaves the placeholder, saying
/// "no image" (the original asserted in debug).
///
/// ```swift
/// cell.reuseLifetime += cell.imageState <~ viewModel.thumbnail
/// ```
public final class PhotoCellViewModel<Picture: Sendable>: Sendable, Identifiable {
    /// The photo's id: the cell's identity on the wall.
    public let id: Int
    /// The cell's place on the wall, from 0.
    public let index: Int
    /// The photo shown.
    public let photo: Photo
    /// The photo's name.
    public let name: Property<String>
    /// The thumbnail: `.loading` at once, then `.loaded` or `.failed`, on the
    /// ViewModel's scheduler. Each start loads (the loader's cache answers a picture
    /// seen before); disposing the run cancels the load.
    public let thumbnail: SignalProducer<ThumbnailState<Picture>, Never>

    /// The cell of `photo` at `index` on the wall, its thumbnail from `images`,
    /// delivered on `scheduler`.
    public init(photo: Photo, index: Int, images: any PhotoImageService<Picture>, scheduler: some Scheduler) {
        id = photo.id
        self.index = index
        self.photo = photo
        name = Property(photo.name)
        thumbnail = photo.thumbnailURL.producer
            .take(first: 1)
            .flatMap(.latest) { url -> SignalProducer<ThumbnailState<Picture>, Never> in
                guard let url else { return SignalProducer(value: .failed("the photo has no thumbnail")) }
                return SignalProducer(value: .loading).concat(
                    images.image(at: url)
                        .map { ThumbnailState.loaded($0) }
                        .flatMapError { SignalProducer(value: .failed($0.message)) }
                        .observe(on: scheduler)
                )
            }
    }
}
