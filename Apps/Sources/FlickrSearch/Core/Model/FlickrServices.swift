import Ripple

// What the ViewModels need from the outside world, as protocols: the HTTP client
// of the FlickrSearch module implements the calls against the local Flickr-shaped
// service, a JSON file keeps the recent searches, and the tests give the ViewModels
// stubs in virtual time.

/// Flickr's photo search (`flickr.photos.search`).
public protocol FlickrSearchService: Sendable {
    /// Searches photos matching `text`, most interesting first: sends the first
    /// page's results and completes, or fails. Disposing a run abandons the request.
    func search(_ text: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError>
}

/// A photo's counts, as two independent calls (the original asked both in parallel
/// and combined them).
public protocol FlickrMetadataService: Sendable {
    /// How many people made the photo `photoID` a favourite
    /// (`flickr.photos.getFavorites`): one value, then completion, or a failure.
    func favourites(ofPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError>

    /// How many comments the photo `photoID` has (`flickr.photos.getInfo`): one
    /// value, then completion, or a failure.
    func comments(onPhoto photoID: String) -> SignalProducer<Int, FlickrSearchError>
}

/// Where the recent searches are kept between runs of the app.
public protocol RecentSearchStore: Sendable {
    /// The searches kept, most recent first; a failure says why they could not be
    /// read (the app then starts with none).
    func load() -> Result<[RecentSearch], RecentSearchStoreError>

    /// Keeps `searches`, most recent first, in place of what was kept.
    func save(_ searches: [RecentSearch]) -> Result<Void, RecentSearchStoreError>
}

/// Why the recent searches could not be read or kept.
public struct RecentSearchStoreError: Error, Sendable, Hashable {
    /// What went wrong, in a few words a user can act on (`"/home/ada/…/flickr-
    /// recent-searches.json is not valid JSON"`).
    public var reason: String

    /// An error saying `reason`.
    public init(reason: String) {
        self.reason = reason
    }
}
