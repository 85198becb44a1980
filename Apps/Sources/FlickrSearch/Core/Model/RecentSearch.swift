import Foundation

/// A search made earlier, as the recent searches keep it: the text, how many photos
/// it found and the first one's thumbnail.
public struct RecentSearch: Sendable, Hashable, Codable {
    /// The text searched.
    public var searchText: String
    /// How many photos it found in all.
    public var totalResults: Int
    /// The first photo's thumbnail, when it found any.
    public var thumbnailURL: URL?

    /// A recent search made of its fields.
    public init(searchText: String, totalResults: Int, thumbnailURL: URL?) {
        self.searchText = searchText
        self.totalResults = totalResults
        self.thumbnailURL = thumbnailURL
    }

    /// The recent search of `results`: its text, its total, its first photo's
    /// thumbnail.
    public init(_ results: FlickrSearchResults) {
        self.init(searchText: results.searchText, totalResults: results.totalResults,
                  thumbnailURL: results.photos.first?.thumbnailURL)
    }
}
