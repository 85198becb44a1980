import Ripple

// What the gallery's ViewModels need from the outside world: the HTTP client of the
// Gallery module implements these over the local 500px-shaped routes, the tests give
// stubs in virtual time. Pictures are opaque to the ViewModels (`Picture`): the view
// layer's loader makes them and its image view shows them.

/// The popular photos and each photo's details.
public protocol PhotoListService: Sendable {
    /// Page `page` (from 1) of the popular photos, `perPage` a page. Disposing a
    /// run cancels the request.
    func popularPhotos(page: Int, perPage: Int) -> SignalProducer<PhotoPage, GalleryError>
    /// The details of photo `id`, with its full-size image's URL.
    func details(ofPhoto id: Int) -> SignalProducer<PhotoRecord, GalleryError>
}

/// Voting for a photo, as the logged-in user.
public protocol VoteService: Sendable {
    /// Votes for photo `id`: the photo as it is after the vote, or
    /// ``GalleryError/unauthorized`` (nobody is logged in) or
    /// ``GalleryError/alreadyVoted(_:)``.
    func vote(forPhoto id: Int) -> SignalProducer<PhotoRecord, GalleryError>
}

/// Logging in.
public protocol LoginService: Sendable {
    /// Whether a user is logged in (a token is held).
    var isLoggedIn: Bool { get }
    /// Logs in: completes on success, fails with ``GalleryError/badLogin(_:)`` for a
    /// wrong name or password.
    func logIn(username: String, password: String) -> SignalProducer<Never, GalleryError>
}

/// Pictures by URL.
public protocol PhotoImageService<Picture>: Sendable {
    /// What the view layer shows.
    associatedtype Picture: Sendable
    /// The picture at `url`: one value, or a failure. Disposing a run cancels its
    /// request when nobody else waits for it.
    func image(at url: String) -> SignalProducer<Picture, GalleryError>
}

/// Every service the gallery uses, in one value for the ViewModels.
public struct GalleryServices<Picture: Sendable>: Sendable {
    /// The photos.
    public var photos: any PhotoListService
    /// Votes.
    public var votes: any VoteService
    /// Logging in.
    public var login: any LoginService
    /// Pictures: the full-size photos of the pager and the detail.
    public var images: any PhotoImageService<Picture>
    /// The wall's thumbnails (by default `images`): a view layer can make them ready
    /// for the wall's cells where they are decoded.
    public var thumbnails: any PhotoImageService<Picture>

    /// The services of these parts; the thumbnails from `thumbnails`, or from
    /// `images` when it is nil.
    public init(
        photos: any PhotoListService, votes: any VoteService, login: any LoginService,
        images: any PhotoImageService<Picture>, thumbnails: (any PhotoImageService<Picture>)? = nil
    ) {
        self.photos = photos
        self.votes = votes
        self.login = login
        self.images = images
        self.thumbnails = thumbnails ?? images
    }
}
