import Ripple

// PhotoCollection: what the pager pages through. The wall owns the photos and their
// paging; the pager holds the wall's own properties (not a copy), so it sees each
// page the wall loads, and asks the wall for more by telling it which photo shows
// (the wall's threshold rule decides whether a page loads).

/// The photos a pager pages through, as their owner loads them, and the way to ask
/// the owner for more.
///
/// ```swift
/// let collection = wall.collection          // the wall's photos, as they grow
/// collection.photoShown(19)                 // near the end: the wall loads a page
/// let fixed = PhotoCollection.fixed(photos) // a collection that never grows
/// ```
public struct PhotoCollection: Sendable {
    /// The photos loaded so far, in order; they only grow.
    public var photos: Property<[Photo]>
    /// How many photos the whole collection holds (never fewer than `photos`).
    public var totalCount: Property<Int>
    /// Whether more photos can be loaded.
    public var hasMore: Property<Bool>
    /// Whether more photos are being loaded.
    public var isLoading: Property<Bool>
    /// Why the last load failed; empty when it did not.
    public var errorText: Property<String>
    /// Tells the owner that the photo at this index shows: near the end, it loads more.
    public var photoShown: @Sendable (Int) -> Void
    /// Asks the owner to load again what failed.
    public var retry: @Sendable () -> Void

    /// A collection of these parts.
    public init(
        photos: Property<[Photo]>, totalCount: Property<Int>, hasMore: Property<Bool>, isLoading: Property<Bool>,
        errorText: Property<String>, photoShown: @escaping @Sendable (Int) -> Void, retry: @escaping @Sendable () -> Void
    ) {
        self.photos = photos
        self.totalCount = totalCount
        self.hasMore = hasMore
        self.isLoading = isLoading
        self.errorText = errorText
        self.photoShown = photoShown
        self.retry = retry
    }

    /// `photos` and nothing more: a collection that never grows.
    public static func fixed(_ photos: [Photo]) -> PhotoCollection {
        PhotoCollection(
            photos: Property(value: photos), totalCount: Property(value: photos.count), hasMore: Property(value: false),
            isLoading: Property(value: false), errorText: Property(value: ""), photoShown: { _ in }, retry: {})
    }
}
