import AppImages
import FlickrSearchCore
import Ripple
import RippleTerminal

// PhotoRow: one photo of the results (the original's 206-point results cell):
//
//     ▀▀▀▀▀▀▀▀▀▀ A red flower in a blue vase, drawn with a
//     ▀▀▀▀▀▀▀▀▀▀ thick pen
//     ▀▀▀▀▀▀▀▀▀▀ ♥ 3  ✉ 1
//     ▀▀▀▀▀▀▀▀▀▀
//
// The thumbnail (10 × 4 cells; a box while it loads), the title in bold over up to
// two lines, then the favourites and comments counts, which show only once the row
// has been on screen for a second and both counts came. The row tells its ViewModel
// whether it is visible; everything bound for one photo ends when the row is
// reused, so a late answer for the old photo never shows in the row (the original's
// cells kept those observers).

/// A row showing one photo of the results.
@MainActor
public final class PhotoRow: ListRow {
    /// The rows' height in lines.
    public nonisolated static let height = 4
    /// The thumbnail's size: 10 columns, the row's height.
    public nonisolated static let thumbnailSize = Size(columns: 10, rows: height)

    /// The thumbnail.
    public let thumbnail = ImageView(placeholder: .box(""))
    /// The title, bold, over up to two lines.
    public let title = Label(style: Style(attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 2))
    /// `♥ 3`: the favourites; hidden until known.
    public let favourites = Label(style: Style(foreground: .red))
    /// `✉ 1`: the comments; hidden until known.
    public let comments = Label(style: Style(foreground: .cyan))

    /// An empty row.
    public override init() {
        super.init()
        thumbnail.sizing = .fixed(Self.thumbnailSize.columns)
        let counts = Stack(.horizontal, spacing: 2, [favourites, comments])
        let text = Stack(.vertical, [title, counts])
        text.sizing = .flexible
        addSubview(Stack(.horizontal, spacing: 1, [thumbnail, text]))
        favourites.isHidden = true
        comments.isHidden = true
    }

    /// Shows `photo` and binds its thumbnail (from `thumbnails`, when given), its
    /// counts and its visibility until the row is reused: the thumbnail's request is
    /// then abandoned, and cancelled when no other row waits for it.
    func show(_ photo: SearchResultsItemViewModel, thumbnails: ImageLoader?) {
        title.text = photo.title
        if let url = photo.thumbnailURL, let thumbnails {
            reactive.untilReuse(\.thumbnail.image) <~ thumbnails.thumbnail(at: url, forCells: Self.thumbnailSize)
        }
        reactive.untilReuse(\.favourites.text) <~ photo.favouritesText
        reactive.untilReuse(\.comments.text) <~ photo.commentsText
        reactive.untilReuse(\.favourites.isHidden) <~ photo.areCountsHidden
        reactive.untilReuse(\.comments.isHidden) <~ photo.areCountsHidden
        photo.isVisible <~ isVisible.producer.take(during: reuseLifetime)
    }

    /// Empties the row.
    public override func prepareForReuse() {
        title.text = ""
        favourites.text = ""
        comments.text = ""
        favourites.isHidden = true
        comments.isHidden = true
        thumbnail.image = nil
    }
}
