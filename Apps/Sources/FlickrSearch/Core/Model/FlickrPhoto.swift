import Foundation

// The values of the Flickr search: a photo as a search lists it, one search's answer,
// and a photo's two counts. Decoding them from Flickr's JSON is the client's business
// (the FlickrSearch module's `Clients/FlickrJSON.swift`); these are plain values.

/// One photo of a search's answer: its id, its title and where its thumbnail is.
public struct FlickrPhoto: Sendable, Hashable, Identifiable {
    /// Flickr's id of the photo (`photo[].id`): the metadata calls name it.
    public var id: String
    /// The title (`photo[].title`); may be empty.
    public var title: String
    /// The small thumbnail (Flickr's size `m`, 240 pixels on the longer side), built
    /// from `farm`, `server`, `id` and `secret` as the original built it.
    public var thumbnailURL: URL?

    /// A photo made of its fields.
    public init(id: String, title: String, thumbnailURL: URL?) {
        self.id = id
        self.title = title
        self.thumbnailURL = thumbnailURL
    }
}

/// The answer to one search: the text searched, the photos of the first page, best
/// first, and how many photos match in all.
public struct FlickrSearchResults: Sendable, Hashable {
    /// The text searched, as it was sent.
    public var searchText: String
    /// The first page's photos, in the service's order (interestingness).
    public var photos: [FlickrPhoto]
    /// How many photos match in all (`photos.total`), on every page.
    public var totalResults: Int

    /// Results made of their fields.
    public init(searchText: String, photos: [FlickrPhoto], totalResults: Int) {
        self.searchText = searchText
        self.photos = photos
        self.totalResults = totalResults
    }
}

/// A photo's counts, from the two metadata calls combined.
public struct FlickrPhotoMetadata: Sendable, Hashable {
    /// How many people made the photo a favourite (`flickr.photos.getFavorites`'s `total`).
    public var favourites: Int
    /// How many comments it has (`flickr.photos.getInfo`'s `comments._content`).
    public var comments: Int

    /// Counts made of their fields.
    public init(favourites: Int, comments: Int) {
        self.favourites = favourites
        self.comments = comments
    }
}
