import Foundation
import SeedAppCore

/// One recent search as its row shows it: the text, the number of photos it found
/// (`"1,234"`) and the first photo's thumbnail.
///
/// ```swift
/// let row = RecentSearchViewModel(RecentSearch(searchText: "flower", totalResults: 1234, thumbnailURL: nil))
/// row.totalResultsText   // "1,234"
/// ```
public struct RecentSearchViewModel: Sendable, Hashable, Identifiable {
    /// The search kept.
    public let search: RecentSearch

    /// The row of `search`.
    public init(_ search: RecentSearch) {
        self.search = search
    }

    /// The text searched: the row's identity (recent searches differ in their text).
    public var id: String { search.searchText }
    /// The text searched.
    public var searchText: String { search.searchText }
    /// How many photos it found.
    public var totalResults: Int { search.totalResults }
    /// The count with its digits grouped, as the original's decimal style: `"1,234"`.
    public var totalResultsText: String { CountText.grouped(search.totalResults) }
    /// How many photos it found, as the row says it: `"1,234 photos"`, `"1 photo"`,
    /// `"No photos"`.
    public var resultsText: String { SearchResultsViewModel.photoCount(search.totalResults) }
    /// The first photo's thumbnail, if it found any.
    public var thumbnailURL: URL? { search.thumbnailURL }
}
