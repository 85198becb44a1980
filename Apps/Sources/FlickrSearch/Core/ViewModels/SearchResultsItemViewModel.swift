import Foundation
import Ripple
import SeedAppCore

// SearchResultsItemViewModel: one row of the results, made for each photo of an
// answer. Its counts are fetched only for a row that stays on screen:
//
//     isVisible (set by the row) ─▶ skip the initial false ─▶ skipRepeats
//       ─▶ flatMap(.latest): true  ─▶ timer 1 s ─▶ take 1 ─▶ combineLatest(favourites, comments)
//                            false ─▶ nothing (the wait or the fetch in flight is cancelled)
//       ─▶ favourites, comments (nil until the first answer)
//
// The original ended its whole pipeline on the first hide (`take(until: hidden)`):
// a row hidden within the second never got its counts, and a row hidden once never
// fetched again. Here each time the row becomes visible starts its own wait: hidden
// before the second, it fetches nothing; shown again later, it fetches then. A row
// shown again after its counts came fetches them afresh, keeping the last ones
// meanwhile. The two calls are independent; a failure of either is ignored, as the
// original did (the counts stay as they were).

/// One photo of the results as a row shows it: the title, the thumbnail, and the
/// favourites and comments counts, fetched once the row has been visible for a
/// second.
///
/// ```swift
/// let item = SearchResultsItemViewModel(photo: photo, metadata: client, scheduler: scheduler)
/// item.isVisible.value = true     // a second later, both counts are asked for
/// item.favouritesText.value       // "♥ 3" once they came, "" before
/// ```
public final class SearchResultsItemViewModel: Sendable, Identifiable {
    /// How long a row must stay visible before its counts are fetched, in seconds.
    public static let visibleDelay: TimeInterval = 1

    /// The photo's id: the row's identity in the list.
    public let id: String
    /// The photo shown.
    public let photo: FlickrPhoto
    /// The title; `"Untitled"` for a photo without one.
    public let title: String
    /// The thumbnail to load, if the photo has one.
    public let thumbnailURL: URL?
    /// Whether the row is on screen; set by the view as the list scrolls.
    public let isVisible = MutableProperty(false)
    /// How many people made the photo a favourite; `nil` until fetched.
    public let favourites: Property<Int?>
    /// How many comments the photo has; `nil` until fetched.
    public let comments: Property<Int?>
    /// `"♥ 3"`, or `""` while the count is not known.
    public let favouritesText: Property<String>
    /// `"✉ 1"`, or `""` while the count is not known.
    public let commentsText: Property<String>
    /// Whether the counts (and their icons) are hidden: until they are known.
    public let areCountsHidden: Property<Bool>

    private let token: Lifetime.Token

    /// The row of `photo`, whose counts come from `metadata` once it has been
    /// visible for ``visibleDelay`` seconds of `scheduler`.
    public init(photo: FlickrPhoto, metadata: some FlickrMetadataService, scheduler: some DateScheduler) {
        id = photo.id
        self.photo = photo
        title = photo.title.trimmingWhitespace.isEmpty ? "Untitled" : photo.title
        thumbnailURL = photo.thumbnailURL
        let counts = MutableProperty<FlickrPhotoMetadata?>(nil)
        favourites = counts.map { $0?.favourites }
        comments = counts.map { $0?.comments }
        favouritesText = counts.map { $0.map { "♥ \($0.favourites)" } ?? "" }
        commentsText = counts.map { $0.map { "✉ \($0.comments)" } ?? "" }
        areCountsHidden = counts.map { $0 == nil }.skipRepeats()
        let (lifetime, token) = Lifetime.make()
        self.token = token

        let photoID = photo.id
        isVisible.producer
            .skip(first: 1)
            .skipRepeats()
            .flatMap(.latest) { visible -> SignalProducer<FlickrPhotoMetadata, Never> in
                guard visible else { return .empty }
                return SignalProducer.timer(interval: Self.visibleDelay, on: scheduler)
                    .take(first: 1)
                    .flatMap(.latest) { _ in Self.fetch(photoID, from: metadata, scheduler: scheduler) }
            }
            .take(during: lifetime)
            .startWithValues { counts.value = $0 }
    }

    /// Both counts of `photoID`, asked in parallel and combined: one value once both
    /// answered, on `scheduler`; nothing when either fails.
    private static func fetch(
        _ photoID: String, from metadata: some FlickrMetadataService, scheduler: some DateScheduler
    ) -> SignalProducer<FlickrPhotoMetadata, Never> {
        SignalProducer.combineLatest(metadata.favourites(ofPhoto: photoID), metadata.comments(onPhoto: photoID))
            .take(first: 1)
            .map { FlickrPhotoMetadata(favourites: $0, comments: $1) }
            .flatMapError { _ in SignalProducer<FlickrPhotoMetadata, Never>.empty }
            .observe(on: scheduler)
    }
}
