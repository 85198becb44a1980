import Ripple

// Photo: the one shared, mutable model of a photo. Every ViewModel that shows a
// photo (its cell on the wall, its page in the pager, its detail screen) observes the
// same instance, so a vote or a fetched detail shows everywhere at once. Each field
// is a MutableProperty (the original's plain fields could not be observed).

/// A photo as the service describes it, in one answer.
public struct PhotoRecord: Sendable, Equatable {
    /// The service's id.
    public var id: Int
    /// The photo's name.
    public var name: String
    /// Who took it.
    public var photographerName: String
    /// Its rating (the number of votes, on the local service).
    public var rating: Double
    /// How many votes it has.
    public var votesCount: Int
    /// The URL of its thumbnail (500px size 3), when the answer has one.
    public var thumbnailURL: String?
    /// The URL of its full-size image (size 4): only in a detail answer.
    public var fullSizeURL: String?
    /// Whether the logged-in user voted for it; `nil` when the answer does not say.
    public var voted: Bool?

    /// A record of these fields.
    public init(
        id: Int, name: String, photographerName: String, rating: Double, votesCount: Int,
        thumbnailURL: String? = nil, fullSizeURL: String? = nil, voted: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.photographerName = photographerName
        self.rating = rating
        self.votesCount = votesCount
        self.thumbnailURL = thumbnailURL
        self.fullSizeURL = fullSizeURL
        self.voted = voted
    }
}

/// One page of the popular photos.
public struct PhotoPage: Sendable, Equatable {
    /// This page's number, from 1.
    public var number: Int
    /// How many pages there are.
    public var pageCount: Int
    /// How many photos there are in all.
    public var totalCount: Int
    /// The photos of this page, in order.
    public var photos: [PhotoRecord]

    /// A page of these fields.
    public init(number: Int, pageCount: Int, totalCount: Int, photos: [PhotoRecord]) {
        self.number = number
        self.pageCount = pageCount
        self.totalCount = totalCount
        self.photos = photos
    }
}

/// A photo shared by every ViewModel that shows it; each field observable.
///
/// ```swift
/// let photo = Photo(record)
/// photo.votedFor.producer.startWithValues { print($0) }   // false
/// photo.update(from: votedRecord)                          // true
/// ```
public final class Photo: Sendable, Identifiable {
    /// The service's id.
    public let id: Int
    /// The name.
    public let name: MutableProperty<String>
    /// Who took it.
    public let photographerName: MutableProperty<String>
    /// The rating.
    public let rating: MutableProperty<Double>
    /// How many votes it has.
    public let votesCount: MutableProperty<Int>
    /// The thumbnail's URL.
    public let thumbnailURL: MutableProperty<String?>
    /// The full-size image's URL, known once the details were fetched.
    public let fullSizeURL: MutableProperty<String?>
    /// Whether the user voted for it.
    public let votedFor: MutableProperty<Bool>

    /// The photo `record` describes.
    public init(_ record: PhotoRecord) {
        id = record.id
        name = MutableProperty(record.name)
        photographerName = MutableProperty(record.photographerName)
        rating = MutableProperty(record.rating)
        votesCount = MutableProperty(record.votesCount)
        thumbnailURL = MutableProperty(record.thumbnailURL)
        fullSizeURL = MutableProperty(record.fullSizeURL)
        votedFor = MutableProperty(record.voted ?? false)
    }

    /// Takes what `record` says; the URLs and the vote only when it gives them.
    public func update(from record: PhotoRecord) {
        name.value = record.name
        photographerName.value = record.photographerName
        rating.value = record.rating
        votesCount.value = record.votesCount
        if let url = record.thumbnailURL { thumbnailURL.value = url }
        if let url = record.fullSizeURL { fullSizeURL.value = url }
        if let voted = record.voted { votedFor.value = voted }
    }
}
