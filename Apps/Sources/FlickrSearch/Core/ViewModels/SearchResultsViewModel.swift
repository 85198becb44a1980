import Ripple
import SeedAppCore

// SearchResultsViewModel: the results screen of one search, pushed by the search
// screen's ViewModel. Its title is the text searched; each photo has a row
// ViewModel of its own, which fetches the photo's counts once its row has stayed on
// screen for a second.

/// The results of one search: the title, a line saying how many photos matched,
/// a row ViewModel per photo, and the keys.
///
/// ```swift
/// let results = SearchResultsViewModel(results: answer, metadata: client, scheduler: scheduler)
/// results.title                 // "flower"
/// results.summary               // "57 photos"
/// ```
public final class SearchResultsViewModel: Sendable {
    /// The text searched.
    public let title: String
    /// How many photos matched, and how many show when that is fewer:
    /// `"1,234 photos, the first 100 shown"`, `"57 photos"`, `"1 photo"`,
    /// `"No photos"`.
    public let summary: String
    /// What the empty list says: `"Nothing matches “zzzz”."`.
    public let placeholder: String
    /// The rows, in the service's order.
    public let items: [SearchResultsItemViewModel]
    /// The keys of the results screen.
    public let keyHints: [KeyHint]

    /// The results of `results`; the rows fetch their counts from `metadata` on
    /// `scheduler`.
    public init(results: FlickrSearchResults, metadata: some FlickrMetadataService, scheduler: some DateScheduler) {
        title = results.searchText
        summary = Self.summary(total: results.totalResults, shown: results.photos.count)
        placeholder = "Nothing matches “\(results.searchText)”."
        items = results.photos.map { SearchResultsItemViewModel(photo: $0, metadata: metadata, scheduler: scheduler) }
        keyHints = items.isEmpty
            ? [KeyHint("Esc", "back to the search")]
            : [KeyHint("↑↓ PgUp PgDn", "scroll"), KeyHint("Esc", "back to the search")]
    }

    /// `"1,234 photos, the first 100 shown"`, `"57 photos"`, `"1 photo"`, `"No photos"`.
    static func summary(total: Int, shown: Int) -> String {
        let count = photoCount(total)
        return shown < total ? "\(count), the first \(CountText.grouped(shown)) shown" : count
    }

    /// `"1,234 photos"`, `"1 photo"`, `"No photos"`.
    static func photoCount(_ total: Int) -> String {
        switch total {
        case ...0: "No photos"
        case 1: "1 photo"
        default: "\(CountText.grouped(total)) photos"
        }
    }
}
