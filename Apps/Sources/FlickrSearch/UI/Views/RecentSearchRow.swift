import AppImages
import FlickrSearchCore
import Ripple
import RippleTerminal

// RecentSearchRow: one recent search in the search screen's list (the original's
// 68-point history cell):
//
//     ┌────┐ flower
//     │    │ 1,234 photos
//     └────┘
//
// The first photo's thumbnail (6 × 3 cells; a box while there is none), the text
// searched in bold, and how many photos it found, dim.

/// A row showing one recent search.
@MainActor
public final class RecentSearchRow: ListRow {
    /// The rows' height in lines.
    public nonisolated static let height = 3
    /// The thumbnail's size: 6 columns, the row's height.
    public nonisolated static let thumbnailSize = Size(columns: 6, rows: height)

    /// The first photo's thumbnail.
    public let thumbnail = ImageView(placeholder: .box(""))
    /// The text searched, bold.
    public let searchText = Label(style: Style(attributes: .bold))
    /// How many photos it found (`"1,234 photos"`), dim.
    public let results = Label(style: Style(attributes: .dim))

    /// An empty row.
    public override init() {
        super.init()
        thumbnail.sizing = .fixed(Self.thumbnailSize.columns)
        let text = Stack(.vertical, [searchText, results])
        text.sizing = .flexible
        addSubview(Stack(.horizontal, spacing: 1, [thumbnail, text]))
    }

    /// Shows `search`, and its thumbnail from `thumbnails` (when given) until the row
    /// is reused.
    func show(_ search: RecentSearchViewModel, thumbnails: ImageLoader?) {
        searchText.text = search.searchText
        if let url = search.thumbnailURL, let thumbnails {
            reactive.untilReuse(\.thumbnail.image) <~ thumbnails.thumbnail(at: url, forCells: Self.thumbnailSize)
        }
        results.text = search.resultsText
    }

    /// Empties the row.
    public override func prepareForReuse() {
        searchText.text = ""
        results.text = ""
        thumbnail.image = nil
    }
}
